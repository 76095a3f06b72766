import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useFormLimits, useRuntimeConfig } from '../../../shared/config';
import { AppButton } from '../../../shared/ui/AppButton';
import { useSendContactMessage, type ContactSection } from '../api/contactQueries';
import { CONTACT_SECTIONS, contactStrings } from '../strings';
import { contactRules, type ContactFormValues } from '../utils/validation';
import './contact.css';

const EMPTY: ContactFormValues = { name: '', email: '', subject: '', message: '', website: '' };

function isSection(value: string | undefined): value is ContactSection {
  return (CONTACT_SECTIONS as readonly string[]).includes(value ?? '');
}

function ContactForm({ section }: { section: ContactSection }) {
  // The server's bounds (GET /api/config); until they arrive, the server alone checks the lengths.
  const limits = useFormLimits()?.contact ?? null;
  const form = useForm<ContactFormValues>({ initialValues: EMPTY, validate: contactRules(limits) });
  const sendMessage = useSendContactMessage();
  const sending = sendMessage.isPending;

  const submit = (values: ContactFormValues) => {
    if (sending) return;
    sendMessage.mutate(
      {
        section,
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
        website: values.website,
      },
      { onSuccess: () => form.setValues(EMPTY) },
    );
  };

  if (sendMessage.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" title={contactStrings.sentTitle} role="status">
          {sendMessage.data.message}
        </Alert>
        <Group>
          <AppButton variant="outline" onClick={sendMessage.reset}>
            {contactStrings.sendAnother}
          </AppButton>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={contactStrings.sections[section].label}>
      <Stack gap="md">
        {sendMessage.isError && (
          <Alert color="red" variant="light" title={contactStrings.failedTitle} role="alert">
            {sendMessage.error.message || contactStrings.fallbackError}
          </Alert>
        )}
        <Group grow align="flex-start" gap="md" className="contact-row">
          <TextInput label={contactStrings.name} autoComplete="name" maxLength={limits?.name.max} required {...form.getInputProps('name')} />
          <TextInput
            label={contactStrings.email}
            type="email"
            autoComplete="email"
            maxLength={limits?.email.max}
            required
            {...form.getInputProps('email')}
          />
        </Group>
        <TextInput label={contactStrings.subject} maxLength={limits?.subject.max} required {...form.getInputProps('subject')} />
        <Textarea
          label={contactStrings.message}
          description={contactStrings.messageDescription(limits?.message.min ?? null)}
          autosize
          minRows={5}
          maxRows={14}
          maxLength={limits?.message.max}
          required
          {...form.getInputProps('message')}
        />
        {/* Hidden from people and from assistive technology; only bots fill it in. */}
        <div className="contact-honeypot" aria-hidden="true">
          <label>
            {contactStrings.honeypot}
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={form.values.website}
              onChange={(event) => form.setFieldValue('website', event.currentTarget.value)}
            />
          </label>
        </div>
        <Group justify="flex-end">
          <AppButton type="submit" loading={sending} disabled={sending}>
            {contactStrings.submit}
          </AppButton>
        </Group>
      </Stack>
    </form>
  );
}

/** /contact and /contact/{section}: a validated message form per section. */
export function ContactPage() {
  const { productName } = useRuntimeConfig();
  const { section: param } = useParams();
  if (param !== undefined && !isSection(param)) return <Navigate to="/contact" replace />;
  const section: ContactSection = param ?? 'general';
  const current = contactStrings.sections[section];

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={860} mx="auto">
      <div>
        <Title order={1}>{contactStrings.title}</Title>
        <Text c="dimmed" mt={4} maw={680}>
          {contactStrings.lead(productName)}
        </Text>
      </div>
      <Group gap={6} role="navigation" aria-label={contactStrings.sectionsLabel}>
        {CONTACT_SECTIONS.map((item) => (
          <Button
            key={item}
            component={Link}
            to={item === 'general' ? '/contact' : `/contact/${item}`}
            size="compact-sm"
            radius="xl"
            color="indigo"
            variant={item === section ? 'filled' : 'light'}
            aria-current={item === section ? 'page' : undefined}
          >
            {contactStrings.sections[item].label}
          </Button>
        ))}
      </Group>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} size="h4">
          {current.label}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {current.description}
        </Text>
        {/* A new section starts a fresh form. */}
        <ContactForm key={section} section={section} />
      </Paper>
      <Text size="sm" c="dimmed">
        {contactStrings.supportHint}{' '}
        <Anchor component={Link} to="/support" size="sm">
          {contactStrings.supportLink}
        </Anchor>
        . {contactStrings.privacyNote}{' '}
        <Anchor component={Link} to="/privacidad" size="sm">
          {contactStrings.privacyLink}
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
