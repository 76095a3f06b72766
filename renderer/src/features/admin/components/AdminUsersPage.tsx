import { Badge, Group, List, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { AppButton, AppModal, ConfirmModal, useToast } from '../../../shared/ui';
import {
  errorMessage,
  failureOf,
  useAdminUsers,
  useDisableUser,
  useEnableUser,
  useSetUserRole,
  useUserAgents,
  type AdminUser,
  type UserStatus,
} from '../api/adminQueries';
import { adminStrings } from '../strings';
import { formatDateTime, formatDay } from '../utils/format';
import { ErrorAlert, LoadingText, PageHeader, Pager } from './parts';

const strings = adminStrings.users;
export const USERS_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

type Action = 'disable' | 'enable' | 'makeAdmin' | 'revokeAdmin';
type StatusFilter = UserStatus | 'all';

const STATUS_COLOURS: Record<UserStatus, string> = { confirmed: 'teal', unconfirmed: 'yellow', disabled: 'red' };
/**
 * Below this width the four states do not fit side by side (they were cut at 390 px): the filter
 * stacks them. Below Mantine's 'sm' breakpoint (48em, 768 px).
 */
export const NARROW_FILTER_QUERY = '(max-width: 767.98px)';
/** The table's width before it scrolls sideways: at 1280 px, beside the sidebar (about 930 px), it fits whole. */
export const USERS_TABLE_MIN_WIDTH = 820;
/** A button as wide as its label: Mantine's clips an overflowing label, which hid the actions' words. */
const UNCLIPPED = { root: { flexShrink: 0, minWidth: 'max-content' }, label: { overflow: 'visible' } } as const;

/** /admin/users: find a user, disable or enable the account, grant or revoke the admin role. */
export function AdminUsersPage({ currentUsername }: { currentUsername?: string | null }) {
  const toast = useToast();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<{ user: AdminUser; action: Action } | null>(null);
  const disableUser = useDisableUser();
  const enableUser = useEnableUser();
  const setRole = useSetUserRole();
  const busy = disableUser.isPending || enableUser.isPending || setRole.isPending;
  const [agentsOf, setAgentsOf] = useState<AdminUser | null>(null);
  const narrow = useMediaQuery(NARROW_FILTER_QUERY) ?? false;

  // Typing waits a moment before asking the server, and starts again from the first page; the
  // page chosen is kept until the text searched for changes.
  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return undefined;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const users = useAdminUsers({ status: status === 'all' ? undefined : status, search: search || undefined, page, limit: USERS_PAGE_SIZE });
  const usersError = failureOf(users);

  const run = async () => {
    if (!pending) return;
    const { user, action } = pending;
    try {
      if (action === 'disable') await disableUser.mutateAsync(user.id);
      else if (action === 'enable') await enableUser.mutateAsync(user.id);
      else await setRole.mutateAsync({ userId: user.id, role: action === 'makeAdmin' ? 'admin' : 'user' });
      const done = {
        disable: strings.disabled,
        enable: strings.enabled,
        makeAdmin: strings.roleGranted,
        revokeAdmin: strings.roleRevoked,
      }[action];
      toast.success(done(user.username));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(null);
    }
  };

  const confirmText = pending
    ? {
        disable: strings.confirmDisable,
        enable: strings.confirmEnable,
        makeAdmin: strings.confirmMakeAdmin,
        revokeAdmin: strings.confirmRevokeAdmin,
      }[pending.action](pending.user.username)
    : '';

  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={strings.title} intro={strings.intro} />
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={strings.searchLabel}
          placeholder={strings.search}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        <Stack gap={4} w={narrow ? '100%' : undefined}>
          <Text size="sm" fw={500} id="admin-users-status">
            {strings.statusFilter}
          </Text>
          <SegmentedControl
            aria-labelledby="admin-users-status"
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth={narrow}
            value={status}
            onChange={(value) => {
              setStatus(value as StatusFilter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: strings.statusAll },
              { value: 'confirmed', label: strings.statuses.confirmed },
              { value: 'unconfirmed', label: strings.statuses.unconfirmed },
              { value: 'disabled', label: strings.statuses.disabled },
            ]}
          />
        </Stack>
      </Group>

      {users.isFetching && !data ? (
        <LoadingText>{strings.loading}</LoadingText>
      ) : usersError ? (
        <ErrorAlert message={usersError} onRetry={() => void users.refetch()} />
      ) : data && data.items.length === 0 ? (
        <Text>{strings.empty}</Text>
      ) : data ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {strings.count(data.items.length, data.total)}
          </Text>
          <Table.ScrollContainer minWidth={USERS_TABLE_MIN_WIDTH} type="native" tabIndex={0} role="region" aria-label={strings.tableLabel}>
            <Table striped aria-label={strings.tableLabel} aria-busy={users.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{strings.columns.username}</Table.Th>
                  <Table.Th scope="col">{strings.columns.email}</Table.Th>
                  <Table.Th scope="col">{strings.columns.contactName}</Table.Th>
                  <Table.Th scope="col">{strings.columns.status}</Table.Th>
                  <Table.Th scope="col">{strings.columns.role}</Table.Th>
                  <Table.Th scope="col">{strings.columns.createdAt}</Table.Th>
                  <Table.Th scope="col">{strings.columns.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((user) => {
                  const self = !!currentUsername && user.username === currentUsername;
                  const toggle: Action = user.status === 'disabled' ? 'enable' : 'disable';
                  const role: Action = user.role === 'admin' ? 'revokeAdmin' : 'makeAdmin';
                  const toggleLabel = toggle === 'enable' ? strings.enable : strings.disable;
                  const roleLabel = role === 'makeAdmin' ? strings.makeAdmin : strings.revokeAdmin;
                  return (
                    <Table.Tr key={user.id}>
                      <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '12ch' }}>{user.username}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '12ch' }}>{user.email}</Table.Td>
                      <Table.Td>{user.contactName || adminStrings.none}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Badge color={STATUS_COLOURS[user.status]} variant="light" style={{ textTransform: 'none' }}>
                          {strings.statuses[user.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{strings.roles[user.role]}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }} title={formatDateTime(user.createdAt)}>
                        {formatDay(user.createdAt)}
                      </Table.Td>
                      {/*
                        The actions one above another, none narrower than its label: side by side in a
                        squeezed column they were cut ('Desh', 'Quit') at 1280 px.
                      */}
                      <Table.Td style={{ whiteSpace: 'nowrap', width: '1%' }}>
                        <Stack gap={6} align="stretch" data-testid="user-actions">
                          <AppButton
                            size="xs"
                            styles={UNCLIPPED}
                            variant={toggle === 'disable' ? 'danger' : 'outline'}
                            aria-label={strings.actionLabel(toggleLabel, user.username)}
                            // An admin cannot lock themselves out from here.
                            disabled={self}
                            onClick={() => setPending({ user, action: toggle })}
                          >
                            {toggleLabel}
                          </AppButton>
                          <AppButton
                            size="xs"
                            styles={UNCLIPPED}
                            variant="outline"
                            aria-label={strings.actionLabel(roleLabel, user.username)}
                            disabled={self}
                            onClick={() => setPending({ user, action: role })}
                          >
                            {roleLabel}
                          </AppButton>
                          <AppButton
                            size="xs"
                            styles={UNCLIPPED}
                            variant="outline"
                            aria-label={strings.agentsOf(user.username)}
                            onClick={() => setAgentsOf(user)}
                          >
                            {strings.agents}
                          </AppButton>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager page={data.page} pages={pages} onChange={setPage} />
        </>
      ) : null}

      <ConfirmModal
        cancelLabel={adminStrings.cancel}
        opened={pending !== null}
        title={strings.confirmTitle}
        message={confirmText}
        confirmLabel={strings.confirm}
        busy={busy}
        danger={pending?.action === 'disable' || pending?.action === 'revokeAdmin'}
        onConfirm={() => void run()}
        onCancel={() => setPending(null)}
      />
      <AppModal opened={agentsOf !== null} onClose={() => setAgentsOf(null)} title={agentsOf ? strings.agentsOf(agentsOf.username) : ''}>
        {agentsOf && <UserAgents userId={agentsOf.id} />}
      </AppModal>
    </Stack>
  );
}

function UserAgents({ userId }: { userId: string }) {
  const agents = useUserAgents(userId);
  const failure = failureOf(agents);
  if (agents.isFetching) return <LoadingText>{adminStrings.loading}</LoadingText>;
  if (failure) return <ErrorAlert message={failure} onRetry={() => void agents.refetch()} />;
  const { created, team } = agents.data ?? { created: [], team: [] };
  if (created.length === 0 && team.length === 0) return <Text>{strings.noAgents}</Text>;
  return (
    <Stack gap="sm">
      {[
        { title: strings.createdAgents, names: created.map((agent) => ({ key: agent.id, name: agent.name })) },
        { title: strings.teamAgents, names: team.map((agent) => ({ key: agent.agentId, name: agent.name })) },
      ].map((section) => (
        <Stack gap={4} key={section.title}>
          <Text fw={700} component="h3" fz="sm" m={0}>
            {section.title}
          </Text>
          {section.names.length === 0 ? (
            <Text size="sm" c="dimmed">
              {adminStrings.none}
            </Text>
          ) : (
            <List size="sm">
              {section.names.map((agent) => (
                <List.Item key={agent.key}>{agent.name}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
