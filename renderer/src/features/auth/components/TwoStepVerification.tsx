import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useRuntimeConfig } from '../../../shared/config';
import { identityClient } from '../api/identityClient';
import { CODE_LENGTH } from '../constants';
import { authStateAtom } from '../state/authState';
import { authStrings } from '../strings';
import { describeAuthError } from '../utils/authErrors';
import { CodeInput } from './CodeInput';
import { ErrorMessage } from './FormMessages';
import { TotpSecret } from './TotpSecret';

const strings = authStrings.security;

type View =
  | { kind: 'loading' }
  | { kind: 'status'; enabled: boolean }
  | { kind: 'enrolling'; uri: string; secret: string };

/** The signed-in user's authenticator-app (TOTP) second factor: enrol, or turn it off. */
export function TwoStepVerification() {
  const { productName } = useRuntimeConfig();
  const { user } = useAtomValue(authStateAtom);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      setError(describeAuthError(failure).message);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void run(async () => {
      const preference = await (await identityClient()).fetchMFAPreference();
      setView({ kind: 'status', enabled: preference.enabled?.includes('TOTP') ?? false });
    });
  }, [run]);

  const startEnrolment = () =>
    run(async () => {
      const details = await (await identityClient()).setUpTOTP();
      const uri = details.getSetupUri(productName, user?.email ?? user?.username).toString();
      setCode('');
      setView({ kind: 'enrolling', uri, secret: details.sharedSecret });
    });

  const confirmEnrolment = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setError(authStrings.common.required);
      return;
    }
    void run(async () => {
      const amplify = await identityClient();
      await amplify.verifyTOTPSetup({ code });
      await amplify.updateMFAPreference({ totp: 'PREFERRED' });
      setView({ kind: 'status', enabled: true });
      setNotice(strings.enabledNotice);
    });
  };

  const disable = () =>
    run(async () => {
      await (await identityClient()).updateMFAPreference({ totp: 'DISABLED' });
      setView({ kind: 'status', enabled: false });
      setNotice(strings.disabledNotice);
    });

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="lg">
            {strings.title}
          </Title>
          {view.kind === 'status' && (
            <Badge color={view.enabled ? 'green' : 'gray'} variant="light">
              {view.enabled ? strings.enabledBadge : strings.disabledBadge}
            </Badge>
          )}
        </Group>
        {notice && (
          <Alert color="green" variant="light">
            {notice}
          </Alert>
        )}
        <ErrorMessage>{error}</ErrorMessage>
        {view.kind === 'loading' && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {strings.loading}
            </Text>
          </Group>
        )}
        {view.kind === 'status' && (
          <>
            <Text size="sm" c="dimmed">
              {view.enabled ? strings.enabledText : strings.disabledText}
            </Text>
            <Group>
              {view.enabled ? (
                <Button variant="outline" color="red" onClick={() => void disable()} loading={busy}>
                  {strings.disable}
                </Button>
              ) : (
                <Button color="indigo" onClick={() => void startEnrolment()} loading={busy}>
                  {strings.enable}
                </Button>
              )}
            </Group>
          </>
        )}
        {view.kind === 'enrolling' && (
          <form onSubmit={confirmEnrolment} noValidate>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {authStrings.challenge.totpSetupText}
              </Text>
              <TotpSecret uri={view.uri} secret={view.secret} />
              <CodeInput value={code} onChange={setCode} />
              <Group justify="flex-end">
                <Button variant="subtle" color="gray" onClick={() => setView({ kind: 'status', enabled: false })}>
                  {strings.cancel}
                </Button>
                <Button type="submit" color="indigo" loading={busy}>
                  {strings.verify}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
