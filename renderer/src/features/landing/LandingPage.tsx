import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../shared/config';
import { landingStrings } from './strings';

export function LandingPage() {
  const { productName } = useRuntimeConfig();
  return (
    <Stack gap="lg" maw={760} px="xl" py={72}>
      <Title order={1} fz={{ base: 32, sm: 44 }}>
        {landingStrings.title(productName)}
      </Title>
      <Text size="lg" c="dimmed">
        {landingStrings.lead}
      </Text>
      <Group>
        <Button component={Link} to="/register" size="md" color="indigo">
          {landingStrings.register}
        </Button>
        <Button component={Link} to="/marketplace" size="md" variant="outline" color="indigo">
          {landingStrings.marketplace}
        </Button>
      </Group>
    </Stack>
  );
}
