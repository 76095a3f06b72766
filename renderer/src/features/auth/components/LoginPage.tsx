import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ConfirmSignInInput, SignInOutput } from 'aws-amplify/auth';
import type { NextSignInStep } from '../utils/amplifyTypes';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { SIGN_IN_CHALLENGE_WINDOW_MS } from '../constants';
import { useAuth } from '../hooks/useAuth';
import { pendingSignInStepAtom } from '../state/sessionAtoms';
import { authStrings } from '../strings';
import { describeAuthError, type AuthErrorInfo } from '../utils/authErrors';
import { required, requiredPassword } from '../utils/formRules';
import { readAuthLocationState, signedInTarget, type AuthLocationState } from '../utils/navigation';
import { AuthPageShell } from './AuthPageShell';
import { ErrorMessage, InfoMessage } from './FormMessages';
import { isChallengeStep, SignInStepForm, type ChallengeStep } from './SignInStepForm';

const strings = authStrings.login;

interface ActiveChallenge {
  step: ChallengeStep;
  username: string;
}

/** /login: credentials, then whichever challenge the identity service asks for. */
export function LoginPage() {
  const { productName } = useRuntimeConfig();
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const locationState = readAuthLocationState(location.state);
  const { from } = locationState;
  const [pendingStep, setPendingStep] = useAtom(pendingSignInStepAtom);

  const credentials = useForm({
    initialValues: { username: locationState.username ?? '', password: '' },
    validate: { username: required, password: requiredPassword },
    // A field's error stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const username = credentials.values.username;
  const [error, setError] = useState<AuthErrorInfo | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<ActiveChallenge | null>(() => {
    // A step handed over by the verification screen, if it is still within Amplify's window.
    if (!locationState.continueSignIn || !pendingStep) return null;
    if (Date.now() - pendingStep.startedAt > SIGN_IN_CHALLENGE_WINDOW_MS) return null;
    return isChallengeStep(pendingStep.nextStep) ? { step: pendingStep.nextStep, username: pendingStep.username } : null;
  });

  useEffect(() => {
    if (pendingStep) setPendingStep(null);
  }, [pendingStep, setPendingStep]);

  // Amplify drops a pending challenge after three minutes; answering it later can only fail.
  useEffect(() => {
    if (!challenge) return;
    const timer = setTimeout(() => {
      setChallenge(null);
      setError({ kind: 'challengeExpired', message: strings.challengeExpired });
    }, SIGN_IN_CHALLENGE_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [challenge]);

  const goTo = (path: string, state: AuthLocationState) => {
    navigate(path, { state });
  };

  const handleStep = (nextStep: NextSignInStep, forUser: string) => {
    switch (nextStep.signInStep) {
      case 'DONE':
        navigate(signedInTarget(from), { replace: true });
        return;
      case 'CONFIRM_SIGN_UP':
        goTo('/verify-email', { username: forUser, sendCode: true, from });
        return;
      case 'RESET_PASSWORD':
        goTo('/forgot-password', { username: forUser, resetRequired: true, from });
        return;
      default:
        if (isChallengeStep(nextStep)) {
          setChallenge({ step: nextStep, username: forUser });
          return;
        }
        console.warn('[auth] unsupported sign-in step', nextStep.signInStep);
        setChallenge(null);
        setError({ kind: 'other', message: authStrings.errors.signInGeneric });
    }
  };

  const handleFailure = (failure: unknown, forUser: string) => {
    const info = describeAuthError(failure);
    if (info.kind === 'unconfirmed') {
      goTo('/verify-email', { username: forUser, sendCode: true, from });
      return;
    }
    if (info.kind === 'challengeExpired') setChallenge(null);
    if (info.kind === 'other' && info.message === authStrings.errors.unexpected) console.error('[auth] sign-in failed', failure);
    setError(info);
  };

  const handleSignIn = async (values: typeof credentials.values) => {
    if (auth.identityStatus !== 'ready') {
      setError({ kind: 'other', message: authStrings.common.identityUnavailable });
      return;
    }
    setSubmitting(true);
    setError(null);
    const forUser = values.username.trim();
    try {
      const output: SignInOutput = await auth.signIn(forUser, values.password);
      credentials.setFieldValue('password', '');
      handleStep(output.nextStep, forUser);
    } catch (failure) {
      handleFailure(failure, forUser);
    } finally {
      setSubmitting(false);
    }
  };

  const handleChallenge = async (challengeResponse: string, options?: ConfirmSignInInput['options']) => {
    if (!challenge) return;
    setError(null);
    try {
      const output = await auth.confirmSignIn(challengeResponse, options);
      handleStep(output.nextStep, challenge.username);
    } catch (failure) {
      handleFailure(failure, challenge.username);
    }
  };

  const signOutHere = async () => {
    await auth.signOut();
    setError(null);
  };

  const notice = locationState.notice ? authStrings.notices[locationState.notice] : null;
  const signedInName = auth.user ? auth.user.contactName || auth.user.username || auth.user.email : null;

  return (
    <AuthPageShell
      title={strings.title}
      subtitle={strings.subtitle(productName)}
      footer={
        challenge ? null : (
          <>
            {strings.noAccount}{' '}
            <Anchor component={Link} to="/register" state={{ from }}>
              {strings.register}
            </Anchor>
          </>
        )
      }
    >
      {auth.identityStatus === 'unavailable' && <ErrorMessage>{authStrings.common.identityUnavailable}</ErrorMessage>}
      {auth.isAuthenticated && signedInName && error?.kind !== 'alreadySignedIn' && (
        <InfoMessage
          action={
            <Group gap="xs">
              <Button size="xs" color="indigo" onClick={() => navigate(signedInTarget(from), { replace: true })}>
                {strings.continueSignedIn}
              </Button>
              <Button size="xs" variant="outline" color="indigo" onClick={() => void signOutHere()}>
                {authStrings.common.signOut}
              </Button>
            </Group>
          }
        >
          {strings.alreadySignedIn(signedInName)}
        </InfoMessage>
      )}
      {challenge ? (
        <SignInStepForm
          // A new step is a new form: its fields must not carry over.
          key={challenge.step.signInStep}
          step={challenge.step}
          username={challenge.username}
          productName={productName}
          onSubmit={handleChallenge}
          onCancel={() => {
            setChallenge(null);
            setError(null);
          }}
          error={error?.message ?? null}
        />
      ) : (
        <form onSubmit={credentials.onSubmit((values) => void handleSignIn(values))} noValidate>
          <Stack gap="md">
            {notice && !error && <InfoMessage>{notice}</InfoMessage>}
            <ErrorMessage
              action={
                error?.kind === 'alreadySignedIn' ? (
                  <Button size="xs" variant="outline" color="red" onClick={() => void signOutHere()}>
                    {authStrings.common.signOut}
                  </Button>
                ) : error?.kind === 'accountDisabled' ? (
                  <Button component={Link} to="/contact" size="xs" variant="outline" color="red">
                    {authStrings.errors.contactSupport}
                  </Button>
                ) : undefined
              }
            >
              {error?.message}
            </ErrorMessage>
            <TextInput
              label={strings.username}
              placeholder={strings.usernamePlaceholder}
              {...credentials.getInputProps('username')}
              autoComplete="username"
              required
              autoFocus={!username}
            />
            <PasswordInput
              label={authStrings.common.password}
              {...credentials.getInputProps('password')}
              autoComplete="current-password"
              required
              autoFocus={Boolean(username)}
            />
            <Group justify="flex-end" mt={-6}>
              <Anchor component={Link} to="/forgot-password" state={{ username: username.trim() || undefined, from }} size="sm">
                {strings.forgotPassword}
              </Anchor>
            </Group>
            <Button type="submit" color="indigo" size="md" fullWidth loading={submitting || auth.identityStatus === 'pending'}>
              {strings.submit}
            </Button>
          </Stack>
        </form>
      )}
    </AuthPageShell>
  );
}
