import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { useRequestDeletion } from '../api/accountDeletionQueries';
import { accountDeletionStrings as strings, deletionDate } from '../strings';

interface DeleteAccountSectionProps {
  /** Signs this device out once the deletion is scheduled (the server has already ended every session). */
  onSignOut: () => void;
}

/** 'Mi perfil' → 'Eliminar mi cuenta': confirmed with the e-mail and the password, and the second factor's code (the authenticator's, or the one the server has just e-mailed) when the server asks for it. */
export function DeleteAccountSection({ onSignOut }: DeleteAccountSectionProps) {
  const requesting = useRequestDeletion();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mfaCode, setMfaCode] = useState('');
  /** Which code the server asked for: the authenticator app's ('MfaCodeRequired') or the one it e-mailed ('MfaCodeSent'). */
  const [askCode, setAskCode] = useState<'app' | 'email' | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The server's word that it has e-mailed the code: news, not an error. */
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [scheduledFor, setScheduledFor] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password || (askCode && !mfaCode.trim())) {
      setError(strings.required);
      return;
    }
    setError(null);
    setCodeSent(null);
    requesting.mutate(
      { confirmEmail: email.trim(), password, ...(askCode ? { mfaCode: mfaCode.trim() } : {}) },
      {
        onSuccess: setScheduledFor,
        onError: (failure) => {
          const code = isApiError(failure) ? (failure.body as { code?: string } | null)?.code : undefined;
          if (code === 'MfaCodeRequired') setAskCode('app');
          if (code === 'MfaCodeSent' && isApiError(failure)) {
            setAskCode('email');
            setCodeSent(failure.message);
            return;
          }
          setError(isApiError(failure) && failure.status < 500 ? failure.message : strings.failed);
        },
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="delete-account-title">
      <Stack gap="sm">
        <Title order={3} fz="lg" id="delete-account-title">
          {strings.title}
        </Title>
        {scheduledFor ? (
          <Alert color="red" variant="light" role="status">
            <Stack gap="xs" align="flex-start">
              <Text size="sm" fw={600}>
                {strings.scheduled(deletionDate(scheduledFor))}
              </Text>
              <Text size="sm">{strings.signedOutEverywhere}</Text>
              <Button size="xs" color="red.9" onClick={onSignOut}>
                {strings.signOut}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {strings.intro}{' '}
              <Anchor component={Link} to="/privacidad" size="sm">
                {strings.privacyLink}
              </Anchor>
            </Text>
            {!open ? (
              <Group>
                <Button color="red" variant="outline" onClick={() => setOpen(true)}>
                  {strings.start}
                </Button>
              </Group>
            ) : (
              <form onSubmit={submit} noValidate>
                <Stack gap="sm">
                  <Text size="sm">{strings.confirmHint}</Text>
                  {codeSent && (
                    <Alert color="blue" variant="light" role="status">
                      {codeSent}
                    </Alert>
                  )}
                  {error && (
                    <Alert color="red" variant="light" role="alert">
                      {error}
                    </Alert>
                  )}
                  <TextInput label={strings.email} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} required />
                  <PasswordInput
                    label={strings.password}
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.currentTarget.value)}
                    required
                  />
                  {askCode && (
                    <TextInput
                      label={askCode === 'email' ? strings.emailCode : strings.mfaCode}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      value={mfaCode}
                      onChange={(event) => setMfaCode(event.currentTarget.value)}
                      required
                    />
                  )}
                  <Group>
                    <Button type="submit" color="red" loading={requesting.isPending}>
                      {strings.confirm}
                    </Button>
                    <Button variant="subtle" color="gray" onClick={() => setOpen(false)} disabled={requesting.isPending}>
                      {strings.back}
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
