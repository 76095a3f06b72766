import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { looksLikeEmail } from '../../../shared/email';
import { useAuth } from '../hooks/useAuth';
import { authStrings } from '../strings';
import { describeAuthError } from '../utils/authErrors';
import { readAuthLocationState, signedInTarget, type AuthLocationState } from '../utils/navigation';
import { AuthPageShell } from './AuthPageShell';
import { newPasswordErrors, usePasswordBounds } from './NewPasswordFields';
import { ErrorMessage } from './FormMessages';

const strings = authStrings.register;

type Field = 'contactName' | 'email' | 'password' | 'repeat';

function emailError(email: string): string | undefined {
  if (!email.trim()) return authStrings.common.required;
  return looksLikeEmail(email) ? undefined : authStrings.errors.invalidEmail;
}

/** /register: contact name, e-mail and password; the server enforces the password policy. */
export function RegisterPage() {
  const { productName } = useRuntimeConfig();
  const auth = useAuth();
  const navigate = useNavigate();
  const { from } = readAuthLocationState(useLocation().state);

  const [values, setValues] = useState<Record<Field, string>>({ contactName: '', email: '', password: '', repeat: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const passwordBounds = usePasswordBounds();

  const bind = (field: Field) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
    error: fieldErrors[field],
    required: true,
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (!values.contactName.trim()) errors.contactName = authStrings.common.required;
    const emailProblem = emailError(values.email);
    if (emailProblem) errors.email = emailProblem;
    Object.assign(errors, newPasswordErrors(values.password, values.repeat, passwordBounds));
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (auth.identityStatus !== 'ready') {
      setError(authStrings.common.identityUnavailable);
      return;
    }

    setSubmitting(true);
    setError(null);
    const email = values.email.trim();
    try {
      const { nextStep } = await auth.signUp({ contactName: values.contactName, email, password: values.password });
      const state: AuthLocationState = { username: email, from };
      if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        navigate('/verify-email', {
          state: { ...state, fromSignUp: true, destination: nextStep.codeDeliveryDetails.destination },
        });
      } else if (nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
        // A pool that confirms accounts by itself: sign in straight away.
        try {
          const output = await auth.autoSignIn();
          if (output.isSignedIn) navigate(signedInTarget(from), { replace: true });
          else navigate('/login', { state: { ...state, notice: 'signUpComplete' } });
        } catch (failure) {
          console.warn('[auth] auto sign-in after sign-up failed', failure);
          navigate('/login', { state: { ...state, notice: 'signUpComplete' } });
        }
      } else {
        navigate('/login', { state: { ...state, notice: 'signUpComplete' } });
      }
    } catch (failure) {
      const info = describeAuthError(failure);
      if (info.message === authStrings.errors.invalidPassword) {
        // The policy lives on the server; say so next to the field it is about.
        setFieldErrors({ password: info.message });
      } else {
        if (info.message === authStrings.errors.unexpected) console.error('[auth] sign-up failed', failure);
        setError(info.message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthPageShell
      title={strings.title}
      subtitle={strings.subtitle(productName)}
      footer={
        <>
          {strings.haveAccount}{' '}
          <Anchor component={Link} to="/login" state={{ from }}>
            {strings.signIn}
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {auth.identityStatus === 'unavailable' && <ErrorMessage>{authStrings.common.identityUnavailable}</ErrorMessage>}
          <ErrorMessage>{error}</ErrorMessage>
          <TextInput
            label={strings.contactName}
            placeholder={strings.contactNamePlaceholder}
            autoComplete="name"
            autoFocus
            {...bind('contactName')}
          />
          <TextInput
            label={authStrings.common.email}
            placeholder={authStrings.common.emailPlaceholder}
            type="email"
            autoComplete="email"
            {...bind('email')}
            // Said as soon as the user leaves the field, not only when the server refuses it; an
            // untouched empty field waits for the submit.
            onBlur={() =>
              setFieldErrors((current) => ({ ...current, email: values.email.trim() ? emailError(values.email) : undefined }))
            }
          />
          <PasswordInput
            label={authStrings.common.password}
            description={authStrings.common.passwordHint}
            autoComplete="new-password"
            {...bind('password')}
          />
          <PasswordInput label={authStrings.common.repeatPassword} autoComplete="new-password" {...bind('repeat')} />
          <Button type="submit" color="indigo" size="md" fullWidth loading={submitting || auth.identityStatus === 'pending'}>
            {strings.submit}
          </Button>
        </Stack>
      </form>
    </AuthPageShell>
  );
}
