import { Alert, Button, Group, Loader, Paper, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '../../shared/api';
import { useRegistration, useSaveRegistration } from './api/profileQueries';
import './profile.css';
import { profileStrings as strings } from './strings';
import { useFormLimits } from '../../shared/config';

export const PROFILE_TABS = ['PROFILE', 'PAYMENTS', 'SUBSCRIPTION', 'PLANS', 'EARNINGS', 'API_KEYS'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** As the server checks it (3 to 30; lower-case letters, digits, '.', '_', '-'), so that the field says so before saving. */
const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{1,28}[a-z0-9])$/;

interface ProfilePageProps {
  userId: string;
  /** The account-security block, supplied by the identity feature. */
  security: ReactNode;
  /** The other tabs' content (cards, subscriptions, plans), supplied by the app from their features. */
  panels?: Partial<Record<Exclude<ProfileTab, 'PROFILE'>, ReactNode>>;
}

/** /mi-perfil: the tab comes from `?tab=` (PROFILE, PAYMENTS, SUBSCRIPTION or PLANS). */
export function ProfilePage({ userId, security, panels = {} }: ProfilePageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ProfileTab = PROFILE_TABS.includes(requested as ProfileTab) ? (requested as ProfileTab) : 'PROFILE';

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={820} className="profile-page">
      <Title order={1}>{strings.title}</Title>
      <Tabs
        value={tab}
        // A tab starts afresh: sub_id and the like belong to the link that opened another tab.
        onChange={(next) => next && setSearchParams({ tab: next })}
        keepMounted={false}
      >
        <Tabs.List>
          {PROFILE_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {strings.tabs[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="PROFILE" pt="lg">
          <Stack gap="lg">
            <ContactForm userId={userId} />
            {security}
          </Stack>
        </Tabs.Panel>
        {PROFILE_TABS.filter((value) => value !== 'PROFILE').map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            {panels[value] ?? <Text c="dimmed">{strings.pendingTab}</Text>}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ContactForm({ userId }: { userId: string }) {
  const limits = useFormLimits()?.profile;
  const loaded = useRegistration(userId);
  const saving = useSaveRegistration(userId);
  const registration = loaded.data ?? null;
  // What the user typed; until then the fields show what the server has.
  const [contactNameDraft, setContactName] = useState<string>();
  const [handleDraft, setHandle] = useState<string>();
  const contactName = contactNameDraft ?? registration?.contactName ?? '';
  const handle = handleDraft ?? registration?.handle ?? '';
  const [handleError, setHandleError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const errorText = (failure: unknown) => (isApiError(failure) ? failure.message : strings.loadError);
  const loadError = loaded.error ? errorText(loaded.error) : null;
  const error = formError ?? loadError;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!contactName.trim()) {
      setFormError(strings.required);
      return;
    }
    const publicName = handle.trim().toLowerCase();
    if (!HANDLE_PATTERN.test(publicName)) {
      setHandleError(strings.handleInvalid);
      return;
    }
    setFormError(null);
    saving.mutate(
      { contactName: contactName.trim(), ...(publicName !== registration?.handle ? { handle: publicName } : {}) },
      {
        onSuccess: () => {
          // The public name as the server keeps it (lower case, trimmed).
          setHandle(undefined);
          setNotice(strings.saved);
        },
        onError: (failure) => setFormError(errorText(failure)),
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {strings.contactTitle}
          </Title>
          {error && (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{error}</Text>
                {error === loadError && (
                  <Button size="xs" variant="outline" color="red" onClick={() => void loaded.refetch()}>
                    {strings.retry}
                  </Button>
                )}
              </Group>
            </Alert>
          )}
          {notice && (
            <Alert color="green" variant="light">
              {notice}
            </Alert>
          )}
          {!registration && !error ? (
            <Loader size="sm" />
          ) : (
            <>
              <TextInput
                label={strings.contactName}
                value={contactName}
                onChange={(event) => setContactName(event.currentTarget.value)}
                maxLength={limits?.contactName.max}
                required
              />
              <TextInput
                label={strings.handle}
                description={strings.handleHint}
                value={handle}
                onChange={(event) => {
                  setHandle(event.currentTarget.value);
                  setHandleError(null);
                }}
                error={handleError}
                maxLength={limits?.handle.max}
                required
              />
              <TextInput label={strings.email} description={strings.emailHint} value={registration?.email ?? ''} readOnly />
              <Group justify="flex-end">
                <Button type="submit" color="indigo" loading={saving.isPending}>
                  {strings.save}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
