import { Group, Text } from '@mantine/core';
import { useAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { AppButton, AppModal, useAppModal } from '../../../shared/ui';
import { pausedModalAtom } from '../state/chatAtoms';
import { chatStrings } from '../strings';

const strings = chatStrings.paused;
/** Where subscriptions are resumed and managed (the payments screens). */
export const MANAGE_SUBSCRIPTION_PATH = '/mi-perfil?tab=SUBSCRIPTION';

function PausedActions({ onNavigate }: { onNavigate: () => void }) {
  const { close } = useAppModal();
  return (
    <Group justify="flex-end" gap="xs" mt="lg" wrap="wrap">
      <AppButton variant="outline" onClick={close}>
        {strings.close}
      </AppButton>
      <AppButton variant="outline" onClick={onNavigate}>
        {strings.manage}
      </AppButton>
      <AppButton variant="warning" onClick={onNavigate}>
        {strings.resume}
      </AppButton>
    </Group>
  );
}

/** Spec section 2: a paused subscription shows this instead of the chat. */
export function SubscriptionPausedModal() {
  const [state, setState] = useAtom(pausedModalAtom);
  const navigate = useNavigate();
  const close = () => setState({ open: false });
  const manage = () => {
    close();
    navigate(MANAGE_SUBSCRIPTION_PATH);
  };
  return (
    <AppModal opened={state.open} onClose={close} title={strings.title}>
      <Text size="sm">{strings.text}</Text>
      <PausedActions onNavigate={manage} />
    </AppModal>
  );
}
