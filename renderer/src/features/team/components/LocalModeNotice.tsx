import { Alert } from '@mantine/core';
import { useTeamEcosystems } from '../api/teamQueries';
import { teamStrings } from '../strings';

/** Spec section 7: the ecosystem API failed, so changes live on this device only for now. */
export function LocalModeNotice() {
  const { data } = useTeamEcosystems();
  if (!data?.localMode) return null;
  return (
    <Alert color="yellow" variant="light" title={teamStrings.localModeTitle} role="status">
      {teamStrings.localModeText}
    </Alert>
  );
}
