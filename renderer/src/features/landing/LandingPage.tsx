import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../shared/config';
import { landingStrings } from './strings';

export interface LandingPageProps {
  /** A showcase below the introduction (the app puts the most popular agents here). */
  featured?: ReactNode;
  /** Only a visitor is invited to 'Crear cuenta gratis'; the app knows who is signed in. */
  inviteToSignUp: boolean;
}

export function LandingPage({ featured, inviteToSignUp }: LandingPageProps) {
  const { productName } = useRuntimeConfig();
  return (
    <Stack gap={48} px={{ base: 'md', sm: 'xl' }} py={{ base: 40, sm: 72 }}>
      <Stack gap="lg" maw={760}>
        <Title order={1} fz={{ base: 32, sm: 44 }}>
          {landingStrings.title(productName)}
        </Title>
        <Text size="lg" c="dimmed">
          {landingStrings.lead}
        </Text>
        <Group>
          {inviteToSignUp && (
            <Button component={Link} to="/register" size="md" color="indigo">
              {landingStrings.register}
            </Button>
          )}
          <Button component={Link} to="/marketplace" size="md" variant="outline" color="indigo">
            {landingStrings.marketplace}
          </Button>
        </Group>
      </Stack>
      {featured}
    </Stack>
  );
}
