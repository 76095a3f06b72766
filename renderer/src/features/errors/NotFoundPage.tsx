import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { errorStrings } from './strings';

export function NotFoundPage() {
  return (
    <Stack align="center" justify="center" gap="md" py={80} px="md" ta="center">
      <Text fz={64} fw={800} c="indigo.4" aria-hidden>
        404
      </Text>
      <Title order={1}>{errorStrings.notFoundTitle}</Title>
      <Text c="dimmed" maw={480}>
        {errorStrings.notFoundText}
      </Text>
      <Button component={Link} to="/" color="indigo">
        {errorStrings.backHome}
      </Button>
    </Stack>
  );
}
