import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { useAuth } from '../hooks/useAuth';
import { authStrings } from '../strings';
import { describeAuthError } from '../utils/authErrors';
import { email as emailRule, repeatedPassword, required } from '../utils/formRules';
import { readAuthLocationState, signedInTarget, type AuthLocationState } from '../utils/navigation';
import { AuthPageShell } from './AuthPageShell';
import { useNewPasswordRule } from './NewPasswordFields';
import { ErrorMessage } from './FormMessages';

const strings = authStrings.register;

/** /register: contact name, e-mail and password; the server enforces the password policy. */
export function RegisterPage() {
  const { productName } = useRuntimeConfig();
  const auth = useAuth();
  const navigate = useNavigate();
  const { from } = readAuthLocationState(useLocation().state);

  const form = useForm({
    initialValues: { contactName: '', email: '', password: '', repeat: '' },
    validate: { contactName: required, email: emailRule, password: useNewPasswordRule(), repeat: repeatedPassword },
    // Errors stay until the next submit (or, for the e-mail, until the field is left again).
    clearInputErrorOnChange: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const bind = (field: keyof typeof form.values) => ({ ...form.getInputProps(field), required: true });

  const handleSubmit = async (values: typeof form.values) => {
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
        form.setErrors({ password: info.message });
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
      <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
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
            onBlur={() => (form.values.email.trim() ? form.validateField('email') : form.clearFieldError('email'))}
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
