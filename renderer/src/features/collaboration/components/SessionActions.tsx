import { Stack, TextInput, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../shared/api';
import { useFormLimits } from '../../../shared/config';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { useReplaySession, useSaveAsEcosystem, type CollaborationSession, type SavedEcosystem } from '../api/collaborationQueries';
import { collaborationStrings } from '../strings';

const strings = collaborationStrings.result;

export interface SessionActionsProps {
  session: CollaborationSession;
  /** A replay was started: the caller shows it beside this run. */
  onReplay?: (replay: CollaborationSession) => void;
  onSaved?: (ecosystem: SavedEcosystem) => void;
}

/** 'Repetir' and 'Guardar como ecosistema' under a finished session. */
export function SessionActions({ session, onReplay, onSaved }: SessionActionsProps) {
  const toast = useToast();
  const replayMutation = useReplaySession();
  const saveMutation = useSaveAsEcosystem();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const nameLimit = useFormLimits()?.ecosystem.name.max;
  const [error, setError] = useState<string | null>(null);

  const replay = async () => {
    try {
      onReplay?.(await replayMutation.mutateAsync(session.id));
    } catch (cause) {
      toast.error(isApiError(cause) && cause.message ? cause.message : collaborationStrings.errors.replay);
    }
  };

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(strings.nameRequired);
      return;
    }
    setError(null);
    try {
      const ecosystem = await saveMutation.mutateAsync({ sessionId: session.id, name: trimmed });
      setOpen(false);
      toast.success(strings.saved(ecosystem.name || trimmed));
      onSaved?.(ecosystem);
    } catch (cause) {
      setError(isApiError(cause) && cause.message ? cause.message : collaborationStrings.errors.save);
    }
  };

  return (
    <>
      {onReplay && (
        <AppButton size="xs" variant="outline" onClick={() => void replay()} loading={replayMutation.isPending}>
          {replayMutation.isPending ? strings.replaying : strings.replay}
        </AppButton>
      )}
      <AppButton size="xs" variant="outline" onClick={() => setOpen(true)}>
        {strings.saveEcosystem}
      </AppButton>
      <AppModal opened={open} onClose={() => setOpen(false)} title={strings.saveEcosystem}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={strings.ecosystemName}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={error}
              maxLength={nameLimit}
              data-autofocus
            />
            {session.agents.length > 0 && (
              <Text size="xs" c="dimmed">
                {session.agents.map((agent) => agent.name).join(', ')}
              </Text>
            )}
            <Group justify="flex-end" gap="xs">
              <AppButton variant="outline" onClick={() => setOpen(false)}>
                {strings.cancel}
              </AppButton>
              <AppButton type="submit" loading={saveMutation.isPending}>
                {strings.save}
              </AppButton>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </>
  );
}
