import { Center, Loader } from '@mantine/core';
import { appStrings } from '../strings';

export function RouteSpinner() {
  return (
    <Center mih="50vh" role="status" aria-label={appStrings.loading}>
      <Loader color="indigo" />
    </Center>
  );
}
