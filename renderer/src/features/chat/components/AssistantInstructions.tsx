import { Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, AppModal, useAppModal, useToast } from '../../../shared/ui';
import { chatApi } from '../api/chatApi';
import { chatOwnerAtom } from '../state/chatAtoms';
import { chatStrings } from '../strings';

const strings = chatStrings.instructions;
const MAX_PROMPT_LENGTH = 20_000;

function InstructionsForm({ userId }: { userId: string }) {
  const { productName } = useRuntimeConfig();
  const { close } = useAppModal();
  const toast = useToast();
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; custom: boolean }>({ status: 'loading', custom: false });
  const [prompt, setPrompt] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    chatApi.assistantPrompt(userId).then(
      (result) => {
        if (!active) return;
        setPrompt(result.prompt);
        setState({ status: 'ready', custom: result.custom });
      },
      () => active && setState({ status: 'error', custom: false }),
    );
    return () => {
      active = false;
    };
  }, [userId]);

  const save = async () => {
    setSaving(true);
    try {
      await chatApi.assistantPrompt(userId, prompt.trim());
      toast.success(strings.saved);
      close();
    } catch (error) {
      toast.error({ title: strings.saveError, message: error instanceof Error ? error.message : chatStrings.errors.unknown });
    } finally {
      setSaving(false);
    }
  };

  if (state.status === 'loading') {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{strings.loading}</Text>
      </Group>
    );
  }
  if (state.status === 'error') return <Text c="red.4">{strings.loadError}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {strings.help(productName)}
      </Text>
      {!state.custom && (
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
        maxLength={MAX_PROMPT_LENGTH}
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
