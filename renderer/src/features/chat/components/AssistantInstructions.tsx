import { Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useFormLimits, useRuntimeConfig } from '../../../shared/config';
import { AppButton, AppModal, LoadStatus, useAppModal, useToast } from '../../../shared/ui';
import { useAssistantPrompt, useSaveAssistantPrompt, type AssistantPrompt } from '../api/chatQueries';
import { chatOwnerAtom } from '../state/chatAtoms';
import { chatStrings } from '../strings';

const strings = chatStrings.instructions;

function InstructionsEditor({ userId, loaded }: { userId: string; loaded: AssistantPrompt }) {
  const instructionsLimit = useFormLimits()?.chat.assistantInstructions.max;
  const { productName } = useRuntimeConfig();
  const { close } = useAppModal();
  const toast = useToast();
  const [prompt, setPrompt] = useState(loaded.prompt);
  const saveMutation = useSaveAssistantPrompt(userId);
  const saving = saveMutation.isPending;

  const save = async () => {
    try {
      await saveMutation.mutateAsync(prompt.trim());
      toast.success(strings.saved);
      close();
    } catch (error) {
      toast.error({ title: strings.saveError, message: error instanceof Error ? error.message : chatStrings.errors.unknown });
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {strings.help(productName)}
      </Text>
      {!loaded.custom && (
        <Text size="xs" c="dimmed">
          {strings.defaults}
        </Text>
      )}
      <Textarea
        label={strings.label}
        value={prompt}
        onChange={(event) => setPrompt(event.currentTarget.value)}
        autosize
        minRows={5}
        maxRows={14}
        maxLength={instructionsLimit}
      />
      <Group justify="flex-end" gap="xs">
        <AppButton variant="outline" onClick={close} disabled={saving}>
          {strings.cancel}
        </AppButton>
        <AppButton onClick={() => void save()} loading={saving} disabled={prompt.trim() === ''}>
          {strings.save}
        </AppButton>
      </Group>
    </Stack>
  );
}

function InstructionsForm({ userId }: { userId: string }) {
  const load = useAssistantPrompt(userId);
  if (load.data) return <InstructionsEditor userId={userId} loaded={load.data} />;
  if (load.error && !load.isFetching) {
    return <LoadStatus error={strings.loadError} loadingText={strings.loading} retryText={chatStrings.page.retry} onRetry={() => void load.refetch()} />;
  }
  return (
    <Group gap="xs">
      <Loader size="xs" />
      <Text size="sm">{strings.loading}</Text>
    </Group>
  );
}

/** The main assistant's instructions for this user (POST /users/{id}/nova-prompt). */
export function AssistantInstructionsButton() {
  const owner = useAtomValue(chatOwnerAtom);
  const [open, setOpen] = useState(false);
  if (owner.status !== 'user') return null;
  return (
    <>
      <AppButton variant="outline" size="compact-xs" onClick={() => setOpen(true)}>
        {strings.open}
      </AppButton>
      <AppModal opened={open} onClose={() => setOpen(false)} title={strings.title} maxWidth={560}>
        {open && <InstructionsForm userId={owner.userId} />}
      </AppModal>
    </>
  );
}
