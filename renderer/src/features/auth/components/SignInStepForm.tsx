import { Button, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ConfirmSignInInput } from 'aws-amplify/auth';
import type { MfaType, NextSignInStep } from '../utils/amplifyTypes';
import { useState, type ReactNode } from 'react';
import { authStrings } from '../strings';
import { code as codeRule, repeatedPassword, required } from '../utils/formRules';
import { CodeInput } from './CodeInput';
import { NewPasswordFields, useNewPasswordRule } from './NewPasswordFields';
import { TotpSecret } from './TotpSecret';
import { ErrorMessage } from './FormMessages';

const strings = authStrings.challenge;

/** Steps answered on the sign-in screen itself; the others navigate or are unsupported. */
export const CHALLENGE_STEPS = [
  'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
  'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
  'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
  'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP',
] as const;

export type ChallengeStep = Extract<NextSignInStep, { signInStep: (typeof CHALLENGE_STEPS)[number] }>;

export function isChallengeStep(step: NextSignInStep): step is ChallengeStep {
  return (CHALLENGE_STEPS as readonly string[]).includes(step.signInStep);
}

export interface SignInStepFormProps {
  step: ChallengeStep;
  username: string;
  productName: string;
  /** Sends the answer to Amplify's confirmSignIn; rejects with the service error. */
  onSubmit: (challengeResponse: string, options?: ConfirmSignInInput['options']) => Promise<void>;
  onCancel: () => void;
  /** Set by the parent when the last answer failed. */
  error: string | null;
}

/** One form per sign-in challenge that the identity service can return. */
export function SignInStepForm(props: SignInStepFormProps) {
  const { step } = props;
  switch (step.signInStep) {
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return <NewPasswordForm {...props} missingAttributes={step.missingAttributes ?? []} />;
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return <CodeForm {...props} title={strings.totpCodeTitle} text={strings.totpCodeText} />;
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return (
        <CodeForm
          {...props}
          title={strings.emailCodeTitle}
          text={strings.emailCodeText(step.codeDeliveryDetails?.destination)}
        />
      );
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return (
        <CodeForm {...props} title={strings.smsCodeTitle} text={strings.smsCodeText(step.codeDeliveryDetails?.destination)} />
      );
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return (
        <MfaChoiceForm
          {...props}
          title={strings.mfaSelectionTitle}
          text={strings.mfaSelectionText}
          types={step.allowedMFATypes ?? []}
        />
      );
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      return (
        <MfaChoiceForm
          {...props}
          title={strings.mfaSetupSelectionTitle}
          text={strings.mfaSetupSelectionText}
          // Only these two can be set up during sign-in.
          types={(step.allowedMFATypes ?? []).filter((type) => type === 'TOTP' || type === 'EMAIL')}
        />
      );
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const uri = step.totpSetupDetails.getSetupUri(props.productName, props.username).toString();
      return <TotpSetupForm {...props} uri={uri} secret={step.totpSetupDetails.sharedSecret} />;
    }
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
      return <EmailSetupForm {...props} />;
  }
}

/** Submits once at a time and keeps the button busy meanwhile; errors come back through props. */
function useSubmitting(onSubmit: SignInStepFormProps['onSubmit']) {
  const [submitting, setSubmitting] = useState(false);
  const submit = async (challengeResponse: string, options?: ConfirmSignInInput['options']) => {
    if (submitting) return;
    setSubmitting(true);
    try {
      await onSubmit(challengeResponse, options);
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, submit };
}

function StepHeader({ title, text }: { title: string; text: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}

function StepActions({ submitting, label, onCancel }: { submitting: boolean; label: string; onCancel: () => void }) {
  return (
    <Group justify="space-between" mt="xs">
      <Button variant="subtle" color="gray" onClick={onCancel} disabled={submitting}>
        {authStrings.common.back}
      </Button>
      <Button type="submit" color="indigo" loading={submitting}>
        {label}
      </Button>
    </Group>
  );
}

function NewPasswordForm({ onSubmit, onCancel, error, missingAttributes }: SignInStepFormProps & { missingAttributes: string[] }) {
  const { submitting, submit } = useSubmitting(onSubmit);
  const passwordRule = useNewPasswordRule();
  const form = useForm({
    initialValues: { password: '', repeat: '', attributes: Object.fromEntries(missingAttributes.map((name) => [name, ''])) as Record<string, string> },
    validate: {
      password: passwordRule,
      repeat: repeatedPassword,
      attributes: Object.fromEntries(missingAttributes.map((name) => [name, required])),
    },
    clearInputErrorOnChange: false,
  });

  const handleSubmit = ({ password, attributes }: typeof form.values) => {
    const userAttributes = Object.fromEntries(missingAttributes.map((name) => [name, attributes[name]!.trim()]));
    void submit(password, missingAttributes.length > 0 ? { userAttributes } : undefined);
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        <StepHeader title={strings.newPasswordTitle} text={strings.newPasswordText} />
        <ErrorMessage>{error}</ErrorMessage>
        <NewPasswordFields password={form.getInputProps('password')} repeat={form.getInputProps('repeat')} autoFocus />
        {missingAttributes.length > 0 && (
          <Text size="sm" c="dimmed">
            {strings.missingAttributesText}
          </Text>
        )}
        {missingAttributes.map((name) => (
          <TextInput
            key={name}
            label={strings.attributeLabels[name] ?? name}
            type={name === 'email' ? 'email' : 'text'}
            {...form.getInputProps(`attributes.${name}`)}
            required
          />
        ))}
        <StepActions submitting={submitting} label={strings.continue} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** A six-digit code field that refuses to submit anything shorter. */
function useCodeForm(submit: (code: string) => Promise<void>) {
  const form = useForm({ initialValues: { code: '' }, validate: { code: codeRule }, clearInputErrorOnChange: false });
  const codeInput = { value: form.values.code, onChange: (value: string) => form.setFieldValue('code', value), error: form.errors.code };
  return { codeInput, onSubmit: form.onSubmit(({ code }) => void submit(code)) };
}

function CodeForm({ onSubmit, onCancel, error, title, text }: SignInStepFormProps & { title: string; text: string }) {
  const { submitting, submit } = useSubmitting(onSubmit);
  const { codeInput, onSubmit: handleSubmit } = useCodeForm(submit);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <StepHeader title={title} text={text} />
        <ErrorMessage>{error}</ErrorMessage>
        <CodeInput {...codeInput} autoFocus />
        <StepActions submitting={submitting} label={strings.verify} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function MfaChoiceForm({
  onSubmit,
  onCancel,
  error,
  title,
  text,
  types,
}: SignInStepFormProps & { title: string; text: string; types: MfaType[] }) {
  const { submitting, submit } = useSubmitting(onSubmit);
  const form = useForm({ initialValues: { choice: types[0] ?? '' } });

  return (
    <form onSubmit={form.onSubmit(({ choice }) => void (choice && submit(choice)))} noValidate>
      <Stack gap="md">
        <StepHeader title={title} text={text} />
        <ErrorMessage>{error}</ErrorMessage>
        <Radio.Group label={strings.mfaTypeLabel} {...form.getInputProps('choice')}>
          <Stack gap="xs" mt="xs">
            {types.map((type) => (
              <Radio key={type} value={type} label={strings.mfaTypes[type]} />
            ))}
          </Stack>
        </Radio.Group>
        <StepActions submitting={submitting} label={strings.continue} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function TotpSetupForm({ onSubmit, onCancel, error, uri, secret }: SignInStepFormProps & { uri: string; secret: string }) {
  const { submitting, submit } = useSubmitting(onSubmit);
  const { codeInput, onSubmit: handleSubmit } = useCodeForm(submit);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <StepHeader title={strings.totpSetupTitle} text={strings.totpSetupText} />
        <ErrorMessage>{error}</ErrorMessage>
        <TotpSecret uri={uri} secret={secret} />
        <CodeInput {...codeInput} />
        <StepActions submitting={submitting} label={strings.verify} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function EmailSetupForm({ onSubmit, onCancel, error }: SignInStepFormProps) {
  const { submitting, submit } = useSubmitting(onSubmit);
  const form = useForm({ initialValues: { email: '' }, validate: { email: required }, clearInputErrorOnChange: false });

  return (
    <form onSubmit={form.onSubmit(({ email }) => void submit(email.trim()))} noValidate>
      <Stack gap="md">
        <StepHeader title={strings.emailSetupTitle} text={strings.emailSetupText} />
        <ErrorMessage>{error}</ErrorMessage>
        <TextInput
          label={authStrings.common.email}
          placeholder={authStrings.common.emailPlaceholder}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
          required
          autoFocus
        />
        <StepActions submitting={submitting} label={strings.continue} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
