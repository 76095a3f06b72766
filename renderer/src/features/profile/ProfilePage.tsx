import { Alert, Button, Group, Loader, Paper, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiClient, isApiError } from '../../shared/api';
import './profile.css';
import { profileStrings as strings } from './strings';

export const PROFILE_TABS = ['PROFILE', 'PAYMENTS', 'SUBSCRIPTION', 'PLANS', 'EARNINGS'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

interface Registration {
  contactName: string | null;
  /** The public name others see as the creator of the user's agents and ecosystems. */
  handle: string;
  email: string;
}

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
  const [registration, setRegistration] = useState<Registration | null>(null);
  const [contactName, setContactName] = useState('');
  const [handle, setHandle] = useState('');
  const [handleError, setHandleError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    apiClient
      .get<Registration>(`/users/registration/${encodeURIComponent(userId)}`, { signal: controller.signal })
      .then((loaded) => {
        setRegistration(loaded);
        setContactName(loaded.contactName ?? '');
        setHandle(loaded.handle ?? '');
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(isApiError(failure) ? failure.message : strings.loadError);
      });
    return () => controller.abort();
  }, [userId]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!contactName.trim()) {
      setError(strings.required);
      return;
    }
    const publicName = handle.trim().toLowerCase();
    if (!HANDLE_PATTERN.test(publicName)) {
      setHandleError(strings.handleInvalid);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = await apiClient.put<Registration>(`/users/${encodeURIComponent(userId)}`, {
        body: { contactName: contactName.trim(), ...(publicName !== registration?.handle ? { handle: publicName } : {}) },
      });
      setRegistration(saved);
      setHandle(saved.handle);
      setNotice(strings.saved);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : strings.loadError);
    } finally {
      setSaving(false);
    }
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
              {error}
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
                maxLength={120}
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
                maxLength={30}
                required
              />
              <TextInput label={strings.email} description={strings.emailHint} value={registration?.email ?? ''} readOnly />
              <Group justify="flex-end">
                <Button type="submit" color="indigo" loading={saving}>
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
