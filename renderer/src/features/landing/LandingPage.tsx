import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../shared/config';
import { authStateAtom } from '../auth/state/authState';
import { landingStrings } from './strings';

export interface LandingPageProps {
  /** A showcase below the introduction (the app puts the most popular agents here). */
  featured?: ReactNode;
}

export function LandingPage({ featured }: LandingPageProps) {
  const { productName } = useRuntimeConfig();
  const { isLoading, isAuthenticated } = useAtomValue(authStateAtom);
  // Only a visitor is invited to sign up; while the session is read the invitation waits.
  const visitor = !isLoading && !isAuthenticated;
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
          {visitor && (
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
