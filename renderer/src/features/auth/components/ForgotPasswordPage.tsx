import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CODE_LENGTH } from '../constants';
import { useAuth } from '../hooks/useAuth';
import { authStrings } from '../strings';
import { describeAuthError } from '../utils/authErrors';
import { readAuthLocationState } from '../utils/navigation';
import { AuthPageShell } from './AuthPageShell';
import { CodeInput } from './CodeInput';
import { NewPasswordFields, newPasswordErrors, usePasswordBounds } from './NewPasswordFields';
import { ErrorMessage, InfoMessage } from './FormMessages';

const strings = authStrings.forgot;

type Step = { name: 'request' } | { name: 'confirm'; destination?: string };

/** /forgot-password: ask for a code, then the code and a new password. */
export function ForgotPasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const locationState = readAuthLocationState(useLocation().state);
  const { from } = locationState;

  const [step, setStep] = useState<Step>({ name: 'request' });
  const [username, setUsername] = useState(locationState.username ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'username' | 'code' | 'password' | 'repeat', string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const passwordBounds = usePasswordBounds();

  const requestCode = async () => {
    if (!username.trim()) {
      setFieldErrors({ username: authStrings.common.required });
      return;
    }
    if (auth.identityStatus !== 'ready') {
      setError(authStrings.common.identityUnavailable);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    setError(null);
    setInfo(null);
    try {
      const { nextStep } = await auth.forgotPassword(username);
      if (nextStep.resetPasswordStep === 'DONE') {
        navigate('/login', { replace: true, state: { notice: 'passwordChanged', username: username.trim(), from } });
        return;
      }
      const destination = nextStep.codeDeliveryDetails?.destination;
      setStep({ name: 'confirm', destination });
      setInfo(strings.confirmText(destination));
    } catch (failure) {
      const described = describeAuthError(failure);
      if (described.kind === 'userNotFound') {
        // Carry on as if a code had gone out: this screen must not reveal who has an account.
        setStep({ name: 'confirm' });
        setInfo(strings.confirmText());
      } else {
        setError(described.message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const handleRequest = (event: FormEvent) => {
    event.preventDefault();
    void requestCode();
  };

  const handleConfirm = async (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof fieldErrors = {};
    if (code.length !== CODE_LENGTH) errors.code = authStrings.common.required;
    Object.assign(errors, newPasswordErrors(password, repeat, passwordBounds));
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    setError(null);
    setInfo(null);
    try {
      await auth.forgotPasswordSubmit(username, code, password);
      navigate('/login', { replace: true, state: { notice: 'passwordChanged', username: username.trim(), from } });
    } catch (failure) {
      const described = describeAuthError(failure);
      if (described.kind === 'userNotFound') setError(authStrings.errors.codeMismatch);
      else if (described.message === authStrings.errors.invalidPassword) setFieldErrors({ password: described.message });
      else setError(described.message);
    } finally {
      setSubmitting(false);
    }
  };

  const footer = (
    <Anchor component={Link} to="/login" state={{ from, username: username.trim() || undefined }}>
      {authStrings.common.backToLogin}
    </Anchor>
  );

  if (step.name === 'request') {
    return (
      <AuthPageShell title={strings.title} subtitle={strings.requestText} footer={footer}>
        <form onSubmit={handleRequest} noValidate>
          <Stack gap="md">
            {locationState.resetRequired && <InfoMessage>{strings.resetRequired}</InfoMessage>}
            <ErrorMessage>{error}</ErrorMessage>
            <TextInput
              label={authStrings.common.email}
              placeholder={authStrings.common.emailPlaceholder}
              type="email"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              error={fieldErrors.username}
              required
              autoFocus
            />
            <Button type="submit" color="indigo" size="md" fullWidth loading={submitting || auth.identityStatus === 'pending'}>
              {strings.requestSubmit}
            </Button>
          </Stack>
        </form>
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell title={strings.title} footer={footer}>
      <form onSubmit={handleConfirm} noValidate>
        <Stack gap="md">
          <InfoMessage>{info}</InfoMessage>
          <ErrorMessage>{error}</ErrorMessage>
          <CodeInput value={code} onChange={setCode} error={fieldErrors.code} autoFocus />
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPasswordChange={setPassword}
            onRepeatChange={setRepeat}
            errors={fieldErrors}
          />
          <Group justify="space-between">
            <Button variant="subtle" color="indigo" onClick={() => void requestCode()} disabled={submitting}>
              {strings.resend}
            </Button>
            <Button type="submit" color="indigo" loading={submitting}>
              {strings.confirmSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthPageShell>
  );
}
