import { Alert, Anchor, Badge, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AppButton, EntityAvatar } from '../../../shared/ui';
import { useTeam, useTeamActions } from '../hooks/useTeam';
import { teamStrings } from '../strings';
import { CreateEcosystemButton } from './CreateEcosystemButton';
import { LocalModeNotice } from './LocalModeNotice';

const strings = teamStrings.office;

/** Same columns as the marketplace grids: 1 to 4 by the content's width. */
const COLUMNS = { base: 1, '500px': 2, '760px': 3, '1020px': 4 } as const;

/** One list of the office (agents, ecosystems): a titled grid, or a link to the marketplace when empty. */
function OfficeSection({
  id,
  title,
  count,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  count: number;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} fz="xl" id={id}>
        {title} ({count})
      </Title>
      {count === 0 ? (
        <Group gap="sm">
          <Text c="dimmed">{emptyText}</Text>
          <Anchor component={Link} to="/marketplace" c="indigo.3">
            {strings.explore}
          </Anchor>
        </Group>
      ) : (
        <div role="list" aria-label={title}>
          <SimpleGrid type="container" cols={COLUMNS}>
            {children}
          </SimpleGrid>
        </div>
      )}
    </Stack>
  );
}

function TeamCard({
  name,
  category,
  description,
  avatar,
  href,
  addedAt,
  local,
  actions,
}: {
  name: string;
  category: string;
  description: string;
  avatar: string | null;
  href: string;
  addedAt: string;
  local?: boolean;
  actions: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" role="listitem" aria-label={name}>
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap">
          <EntityAvatar name={name} src={avatar} size={40} radius="md" />
          <div style={{ minWidth: 0 }}>
            <Anchor component={Link} to={href} fw={700} c="gray.0" lineClamp={2}>
              {name}
            </Anchor>
            <Group gap={4}>
              <Badge size="xs" variant="light">
                {category}
              </Badge>
              {local && (
                <Badge size="xs" color="yellow" variant="light">
                  {teamStrings.localBadge}
                </Badge>
              )}
            </Group>
          </div>
        </Group>
        <div style={{ flex: 1 }}>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {description}
          </Text>
        </div>
        <Text size="xs" c="dimmed">
          {strings.addedAt(addedAt)}
        </Text>
        <Group gap="xs">{actions}</Group>
      </Stack>
    </Card>
  );
}

function RemoveButton({ label, onRemove }: { label: string; onRemove: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <AppButton
      size="xs"
      variant="danger"
      loading={busy}
      aria-label={label}
      onClick={async () => {
        setBusy(true);
        try {
          await onRemove();
        } finally {
          setBusy(false);
        }
      }}
    >
      {teamStrings.buttons.removeAgent}
    </AppButton>
  );
}

export interface MyOfficePageProps {
  /** How a category reads (the marketplace's labels, composed by the app); the raw value otherwise. */
  formatCategory?: (category: string) => string;
}

/** /my-office: the signed-in user's team of agents and ecosystems. */
export function MyOfficePage({ formatCategory = (category) => category }: MyOfficePageProps) {
  // The office shows the server's current team, not what the sidebar loaded at sign-in.
  const { agents, ecosystems, status, reload } = useTeam();
  const { removeAgent, removeEcosystem } = useTeamActions();

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{strings.title}</Title>
          <Text c="dimmed">{strings.lead}</Text>
        </div>
        {/* Where a user looks for what to do with the team (issue 31, join 2). */}
        <Group gap="xs" role="group" aria-label={strings.actions}>
          <AppButton component={Link} to="/start-team-chat" size="sm">
            {strings.teamChat}
          </AppButton>
          <CreateEcosystemButton agents={agents} />
          <AppButton component={Link} to="/create-advanced-agent" size="sm" variant="outline">
            {strings.createWithForm}
          </AppButton>
        </Group>
      </Group>
      <LocalModeNotice />
      {status === 'error' && (
        <Alert color="red" variant="light" role="alert" title={teamStrings.toasts.loadUserError}>
          <AppButton variant="outline" size="xs" onClick={() => void reload()}>
            {strings.retry}
          </AppButton>
        </Alert>
      )}
      {status === 'loading' && agents.length === 0 && ecosystems.length === 0 ? (
        <Center py="xl" role="status" aria-label={strings.loading}>
          <Loader color="indigo" />
        </Center>
      ) : (
        <>
          <OfficeSection id="office-agents-title" title={strings.agents} count={agents.length} emptyText={strings.noAgents}>
            {agents.map((agent) => (
              <TeamCard
                key={agent.agentId}
                name={agent.name}
                category={formatCategory(agent.category)}
                description={agent.description}
                avatar={agent.avatar}
                addedAt={agent.addedAt}
                href={`/agentes/${encodeURIComponent(agent.agentId)}`}
                actions={
                  <>
                    <AppButton component={Link} to={`/chat?agent=${encodeURIComponent(agent.agentId)}`} size="xs" variant="outline">
                      {strings.chat}
                    </AppButton>
                    <RemoveButton label={teamStrings.buttons.removeLabel(agent.name)} onRemove={() => removeAgent(agent.agentId)} />
                  </>
                }
              />
            ))}
          </OfficeSection>
          <OfficeSection id="office-ecosystems-title" title={strings.ecosystems} count={ecosystems.length} emptyText={strings.noEcosystems}>
            {ecosystems.map((ecosystem) => {
              const href = `/my-office/ecosystem/${encodeURIComponent(ecosystem.ecosystemId)}`;
              return (
                <TeamCard
                  key={ecosystem.ecosystemId}
                  name={ecosystem.name}
                  category={formatCategory(ecosystem.category)}
                  description={ecosystem.description}
                  avatar={ecosystem.avatar}
                  addedAt={ecosystem.addedAt}
                  local={ecosystem.local}
                  href={href}
                  actions={
                    <>
                      <AppButton component={Link} to={href} size="xs" variant="outline">
                        {strings.open}
                      </AppButton>
                      <RemoveButton
                        label={teamStrings.buttons.removeLabel(ecosystem.name)}
                        onRemove={() => removeEcosystem(ecosystem.ecosystemId)}
                      />
                    </>
                  }
                />
              );
            })}
          </OfficeSection>
        </>
      )}
    </Stack>
  );
}
