import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../hooks/useAuth';
import { authStrings } from '../strings';
import { describeAuthError } from '../utils/authErrors';
import { code as codeRule, repeatedPassword, required } from '../utils/formRules';
import { readAuthLocationState } from '../utils/navigation';
import { AuthPageShell } from './AuthPageShell';
import { CodeInput } from './CodeInput';
import { NewPasswordFields, useNewPasswordRule } from './NewPasswordFields';
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
  // The e-mail is asked for first; the code and the new password once a code has gone out.
  const request = useForm({
    initialValues: { username: locationState.username ?? '' },
    validate: { username: required },
    clearInputErrorOnChange: false,
  });
  const confirm = useForm({
    initialValues: { code: '', password: '', repeat: '' },
    validate: { code: codeRule, password: useNewPasswordRule(), repeat: repeatedPassword },
    clearInputErrorOnChange: false,
  });
  const username = request.values.username;
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const requestCode = async () => {
    if (request.validate().hasErrors) return;
    if (auth.identityStatus !== 'ready') {
      setError(authStrings.common.identityUnavailable);
      return;
    }
    confirm.clearErrors();
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

  const handleConfirm = async ({ code, password }: typeof confirm.values) => {
    setSubmitting(true);
    setError(null);
    setInfo(null);
    try {
      await auth.forgotPasswordSubmit(username, code, password);
      navigate('/login', { replace: true, state: { notice: 'passwordChanged', username: username.trim(), from } });
    } catch (failure) {
      const described = describeAuthError(failure);
      if (described.kind === 'userNotFound') setError(authStrings.errors.codeMismatch);
      else if (described.message === authStrings.errors.invalidPassword) confirm.setErrors({ password: described.message });
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
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void requestCode();
          }}
          noValidate
        >
          <Stack gap="md">
            {locationState.resetRequired && <InfoMessage>{strings.resetRequired}</InfoMessage>}
            <ErrorMessage>{error}</ErrorMessage>
            <TextInput
              label={authStrings.common.email}
              placeholder={authStrings.common.emailPlaceholder}
              type="email"
              autoComplete="username"
              {...request.getInputProps('username')}
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
      <form onSubmit={confirm.onSubmit((values) => void handleConfirm(values))} noValidate>
        <Stack gap="md">
          <InfoMessage>{info}</InfoMessage>
          <ErrorMessage>{error}</ErrorMessage>
          <CodeInput value={confirm.values.code} onChange={(value) => confirm.setFieldValue('code', value)} error={confirm.errors.code} autoFocus />
          <NewPasswordFields password={confirm.getInputProps('password')} repeat={confirm.getInputProps('repeat')} />
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
