import { Alert, Group, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useFormLimits } from '../../../shared/config';
import { AppButton, useToast } from '../../../shared/ui';
import { useAddPromptVersion, useEnhancePrompt, type PromptVersion } from '../api/promptsQueries';
import { promptsStrings as strings } from '../strings';
import { errorText } from '../utils/format';
import { tooLong } from '../utils/rules';
import { DiffView } from './DiffView';

export interface NewVersionEditorProps {
  agentId: string;
  current: PromptVersion | null;
}

interface Values {
  prompt: string;
  versionName: string;
  versionDescription: string;
}

/**
 * Writes a new version, starting from the current prompt. 'Mejorar con IA' shows the model's
 * rewrite beside the text it started from; the user takes it into the editor or leaves it.
 */
export function NewVersionEditor({ agentId, current }: NewVersionEditorProps) {
  const toast = useToast();
  // The server's bounds (GET /api/config); until they arrive, the server alone checks the lengths.
  const limits = useFormLimits()?.prompt ?? null;
  const enhancement = useEnhancePrompt();
  const addVersion = useAddPromptVersion();
  const form = useForm<Values>({
    initialValues: { prompt: current?.prompt ?? '', versionName: '', versionDescription: '' },
    validate: {
      prompt: (value) => {
        if (value.trim() === '') return strings.emptyVersion;
        if (current && value.trim() === current.prompt.trim()) return strings.unchangedVersion;
        return tooLong(value, limits?.prompt, strings.promptTooLong);
      },
      versionName: (value) => tooLong(value, limits?.versionName, strings.versionNameTooLong),
      versionDescription: (value) => tooLong(value, limits?.versionDescription, strings.versionDescriptionTooLong),
    },
  });
  const [proposal, setProposal] = useState<{ original: string; enhanced: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const enhancing = enhancement.isPending;
  const saving = addVersion.isPending;

  const enhance = async () => {
    const { prompt } = form.getValues();
    if (prompt.trim() === '') {
      setProblem(strings.emptyPrompt);
      return;
    }
    setProblem(null);
    try {
      const result = await enhancement.mutateAsync(prompt);
      setProposal({ original: result.originalPrompt, enhanced: result.enhancedPrompt });
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  const save = async ({ prompt, versionName, versionDescription }: Values) => {
    setProblem(null);
    try {
      const saved = await addVersion.mutateAsync({ agentId, prompt, versionName, versionDescription });
      toast.success(strings.savedVersion(saved.version));
      form.setValues({ versionName: '', versionDescription: '' });
      setProposal(null);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(save, () => setProblem(null))} aria-labelledby="prompt-new-version-title" noValidate>
      <Stack gap="sm">
        <Title order={3} id="prompt-new-version-title">
          {strings.newVersionTitle}
        </Title>
        <Textarea label={strings.promptLabel} autosize minRows={6} maxRows={20} {...form.getInputProps('prompt')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={strings.versionNameLabel}
            placeholder={strings.versionNamePlaceholder}
            maxLength={limits?.versionName.max}
            {...form.getInputProps('versionName')}
          />
          <TextInput label={strings.versionDescriptionLabel} maxLength={limits?.versionDescription.max} {...form.getInputProps('versionDescription')} />
        </SimpleGrid>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group>
          <AppButton variant="outline" type="button" onClick={() => void enhance()} loading={enhancing} disabled={enhancing || saving}>
            {enhancing ? strings.enhancing : strings.enhance}
          </AppButton>
          <AppButton type="submit" loading={saving} disabled={saving || enhancing}>
            {saving ? strings.savingVersion : strings.saveVersion}
          </AppButton>
        </Group>
        {proposal && (
          <Stack gap="xs" aria-labelledby="prompt-enhanced-title">
            <Title order={4} id="prompt-enhanced-title">
              {strings.enhancedTitle}
            </Title>
            <DiffView
              left={proposal.original}
              right={proposal.enhanced}
              leftTitle={strings.originalColumn}
              rightTitle={strings.enhancedColumn}
              caption={strings.enhancedTitle}
            />
            <Group>
              <AppButton
                type="button"
                onClick={() => {
                  form.setFieldValue('prompt', proposal.enhanced);
                  setProposal(null);
                }}
              >
                {strings.useEnhanced}
              </AppButton>
              <AppButton variant="danger" type="button" onClick={() => setProposal(null)}>
                {strings.discardEnhanced}
              </AppButton>
            </Group>
          </Stack>
        )}
      </Stack>
    </form>
  );
}
