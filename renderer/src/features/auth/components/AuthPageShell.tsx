import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';

interface AuthPageShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The full-page frame of the auth screens: the brand, one card, and links under it. */
export function AuthPageShell({ title, subtitle, children, footer }: AuthPageShellProps) {
  const { productName } = useRuntimeConfig();
  return (
    <Center
      component="main"
      mih="100vh"
      px="md"
      py={48}
      style={{
        background:
          'radial-gradient(ellipse at top, rgba(76, 110, 245, 0.18), transparent 60%), var(--mantine-color-dark-8)',
      }}
    >
      <Box w="100%" maw={440}>
        <Stack gap="lg">
          <Anchor component={Link} to="/" fw={800} fz={28} ta="center" c="indigo.3" underline="never">
            {productName}
          </Anchor>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="dark.7" shadow="xl">
            <Stack gap="lg">
              <Stack gap={6}>
                <Title order={1} fz={26}>
                  {title}
                </Title>
                {subtitle && (
                  <Text size="sm" c="dimmed">
                    {subtitle}
                  </Text>
                )}
              </Stack>
              {children}
            </Stack>
          </Paper>
          {footer && (
            <Text size="sm" ta="center" c="dimmed">
              {footer}
            </Text>
          )}
        </Stack>
      </Box>
    </Center>
  );
}
