import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_SIGNED_IN_PATH } from '../constants';
import { useAuth } from '../hooks/useAuth';
import { pendingSignInStepAtom } from '../state/sessionAtoms';
import { authStrings } from '../strings';
import { describeAuthError } from '../utils/authErrors';
import { code as codeRule, required } from '../utils/formRules';
import { readAuthLocationState, signedInTarget, type AuthLocationState } from '../utils/navigation';
import { AuthPageShell } from './AuthPageShell';
import { CodeInput } from './CodeInput';
import { ErrorMessage, InfoMessage } from './FormMessages';

const strings = authStrings.verify;

/** /verify-email: the sign-up code, a way to get another one, then auto sign-in. */
export function VerifyEmailPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const locationState = readAuthLocationState(useLocation().state);
  const { from } = locationState;
  const setPendingStep = useSetAtom(pendingSignInStepAtom);

  // Without history state (a reload, a bookmark) the user says which account to verify.
  const askForUsername = !locationState.username;
  const form = useForm({
    initialValues: { username: locationState.username ?? '', code: '' },
    validate: { username: required, code: codeRule },
    clearInputErrorOnChange: false,
  });
  const username = form.values.username;
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [destination, setDestination] = useState(locationState.destination);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);

  const resend = async () => {
    const usernameError = required(username);
    if (usernameError) {
      form.setErrors({ username: usernameError });
      return;
    }
    setResending(true);
    setError(null);
    setInfo(null);
    try {
      const details = await auth.resendConfirmationCode(username);
      setDestination(details.destination);
      setInfo(strings.resent(details.destination));
    } catch (failure) {
      setError(describeAuthError(failure).message);
    } finally {
      setResending(false);
    }
  };

  // Arriving from the sign-in screen the old code is likely lost or expired: send a fresh one.
  const sentOnArrival = useRef(false);
  useEffect(() => {
    if (!locationState.sendCode || sentOnArrival.current || auth.identityStatus !== 'ready') return;
    sentOnArrival.current = true;
    void resend();
    // Once, as soon as the identity client is ready; `resend` changes on every render.
  }, [locationState.sendCode, auth.identityStatus]);

  const toLogin = (state: AuthLocationState) => {
    navigate('/login', { replace: true, state: { ...state, from } });
  };

  const finishWithAutoSignIn = async () => {
    try {
      const output = await auth.autoSignIn();
      if (output.isSignedIn) {
        navigate(from ? signedInTarget(from) : DEFAULT_SIGNED_IN_PATH, { replace: true });
        return;
      }
      // The pool asks for more (MFA): the sign-in screen carries on with that step.
      setPendingStep({ username: username.trim(), nextStep: output.nextStep, startedAt: Date.now() });
      navigate('/login', { replace: true, state: { continueSignIn: true, username: username.trim(), from } });
    } catch (failure) {
      console.warn('[auth] auto sign-in after verification failed', failure);
      toLogin({ notice: 'accountVerified', username: username.trim() });
    }
  };

  const handleSubmit = async ({ code }: typeof form.values) => {
    if (auth.identityStatus !== 'ready') {
      setError(authStrings.common.identityUnavailable);
      return;
    }
    setSubmitting(true);
    setError(null);
    setInfo(null);
    try {
      const { nextStep } = await auth.confirmSignUp(username, code);
      if (nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') await finishWithAutoSignIn();
      else toLogin({ notice: 'accountVerified', username: username.trim() });
    } catch (failure) {
      setError(describeAuthError(failure).message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthPageShell
      title={strings.title}
      subtitle={strings.text(destination)}
      footer={
        <Anchor component={Link} to="/login" state={{ from, username: username.trim() || undefined }}>
          {authStrings.common.backToLogin}
        </Anchor>
      }
    >
      <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
        <Stack gap="md">
          <ErrorMessage>{error}</ErrorMessage>
          <InfoMessage>{info}</InfoMessage>
          {askForUsername && (
            <TextInput
              label={authStrings.common.email}
              placeholder={authStrings.common.emailPlaceholder}
              type="email"
              autoComplete="email"
              {...form.getInputProps('username')}
              required
            />
          )}
          <CodeInput
            value={form.values.code}
            onChange={(value) => form.setFieldValue('code', value)}
            error={form.errors.code}
            autoFocus={!askForUsername}
          />
          <Group justify="space-between">
            <Button variant="subtle" color="indigo" onClick={() => void resend()} loading={resending} disabled={submitting}>
              {strings.resend}
            </Button>
            <Button type="submit" color="indigo" loading={submitting || auth.identityStatus === 'pending'}>
              {strings.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthPageShell>
  );
}
