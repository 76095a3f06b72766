import { Alert, Group, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AppButton, useToast } from '../../../shared/ui';
import { useAddPromptVersion, useEnhancePrompt, type PromptVersion } from '../api/promptsQueries';
import { promptsStrings as strings } from '../strings';
import { errorText } from '../utils/format';
import { DiffView } from './DiffView';

export interface NewVersionEditorProps {
  agentId: string;
  current: PromptVersion | null;
}

/**
 * Writes a new version, starting from the current prompt. 'Mejorar con IA' shows the model's
 * rewrite beside the text it started from; the user takes it into the editor or leaves it.
 */
export function NewVersionEditor({ agentId, current }: NewVersionEditorProps) {
  const toast = useToast();
  const enhancement = useEnhancePrompt();
  const addVersion = useAddPromptVersion();
  const [prompt, setPrompt] = useState(current?.prompt ?? '');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [proposal, setProposal] = useState<{ original: string; enhanced: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const enhancing = enhancement.isPending;
  const saving = addVersion.isPending;

  const enhance = async () => {
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

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (prompt.trim() === '') {
      setProblem(strings.emptyVersion);
      return;
    }
    if (current && prompt.trim() === current.prompt.trim()) {
      setProblem(strings.unchangedVersion);
      return;
    }
    setProblem(null);
    try {
      const saved = await addVersion.mutateAsync({ agentId, prompt, versionName: name, versionDescription: description });
      toast.success(strings.savedVersion(saved.version));
      setName('');
      setDescription('');
      setProposal(null);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <Stack component="form" onSubmit={save} gap="sm" aria-labelledby="prompt-new-version-title">
      <Title order={3} id="prompt-new-version-title">
        {strings.newVersionTitle}
      </Title>
      <Textarea
        label={strings.promptLabel}
        value={prompt}
        onChange={(event) => setPrompt(event.currentTarget.value)}
        autosize
        minRows={6}
        maxRows={20}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={strings.versionNameLabel}
          placeholder={strings.versionNamePlaceholder}
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={strings.versionDescriptionLabel}
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
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
                setPrompt(proposal.enhanced);
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
  );
}
