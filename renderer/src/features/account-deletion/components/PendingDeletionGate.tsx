import { Alert, Button, Center, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCancelDeletion, useDeletionState } from '../api/accountDeletionQueries';
import { accountDeletionStrings as strings, deletionDate } from '../strings';

interface PendingDeletionGateProps {
  signedIn: boolean;
  onSignOut: () => void;
  children: ReactNode;
}

/**
 * While a signed-in account's deletion is scheduled, the product shows only this: when it will be
 * erased, 'Cancelar la eliminación' and 'Cerrar sesión' (the server refuses that account everything else).
 */
export function PendingDeletionGate({ signedIn, onSignOut, children }: PendingDeletionGateProps) {
  const state = useDeletionState(signedIn);
  const cancelling = useCancelDeletion();
  if (!signedIn || !state.data) return children;
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" radius="md" maw={520} w="100%">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {strings.scheduled(deletionDate(state.data))}
          </Title>
          {cancelling.isError && (
            <Alert color="red" variant="light" role="alert">
              {strings.cancelFailed}
            </Alert>
          )}
          <Group>
            <Button onClick={() => cancelling.mutate()} loading={cancelling.isPending}>
              {strings.cancel}
            </Button>
            <Button variant="subtle" color="gray" onClick={onSignOut}>
              {strings.signOut}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
