import { Alert, Group, Text } from '@mantine/core';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppButton, AppModal, useAppModal } from '../../../shared/ui';
import { pausedModalAtom } from '../state/chatAtoms';
import { chatStrings } from '../strings';

const strings = chatStrings.paused;
/** Where subscriptions are resumed and managed (the payments screens). */
export const MANAGE_SUBSCRIPTION_PATH = '/mi-perfil?tab=SUBSCRIPTION';

function PausedActions({ onManage, onResume, resuming }: { onManage: () => void; onResume: () => void; resuming: boolean }) {
  const { close } = useAppModal();
  return (
    <Group justify="flex-end" gap="xs" mt="lg" wrap="wrap">
      <AppButton variant="outline" onClick={close} disabled={resuming}>
        {strings.close}
      </AppButton>
      <AppButton variant="outline" onClick={onManage} disabled={resuming}>
        {strings.manage}
      </AppButton>
      <AppButton variant="warning" onClick={onResume} loading={resuming}>
        {strings.resume}
      </AppButton>
    </Group>
  );
}

export interface SubscriptionPausedModalProps {
  /** Resumes the user's subscription to the agent (supplied by the app); without it 'Reanudar' goes to the subscriptions. */
  onResume?: (agentId: string) => Promise<void>;
  /** After a resume: the chat reloads the agent so that it starts. */
  onResumed?: () => void;
}

/** Spec section 2: a paused subscription shows this instead of the chat. */
export function SubscriptionPausedModal({ onResume, onResumed }: SubscriptionPausedModalProps = {}) {
  const [state, setState] = useAtom(pausedModalAtom);
  const navigate = useNavigate();
  const [resuming, setResuming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    setState({ open: false });
  };
  const manage = () => {
    close();
    navigate(MANAGE_SUBSCRIPTION_PATH);
  };
  const resume = async () => {
    const agentId = state.agentId;
    if (!onResume || !agentId) return manage();
    setError(null);
    setResuming(true);
    try {
      await onResume(agentId);
      close();
      onResumed?.();
    } catch (failure) {
      // The server's Spanish text ('Error al actualizar la suscripción' when the provider failed).
      setError(failure instanceof Error && failure.message ? failure.message : strings.resumeError);
    } finally {
      setResuming(false);
    }
  };
  return (
    <AppModal opened={state.open} onClose={close} title={strings.title}>
      <Text size="sm">{strings.text}</Text>
      {error && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {error}
        </Alert>
      )}
      <PausedActions onManage={manage} onResume={() => void resume()} resuming={resuming} />
    </AppModal>
  );
}
