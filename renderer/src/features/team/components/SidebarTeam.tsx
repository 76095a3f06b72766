import './team.css';
import { Badge, Collapse, Group, NavLink, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router-dom';
import { SIDEBAR_AGENTS_MAX_HEIGHT } from '../../../shared/config';
import { AppButton } from '../../../shared/ui/AppButton';
import { EntityAvatar } from '../../../shared/ui/EntityAvatar';
import { useCreatedAgents, useTeamAgents } from '../api/teamQueries';
import { teamOwnerAtom } from '../state/teamAtoms';
import { teamStrings } from '../strings';

const strings = teamStrings.sidebar;

/** The Marketplace entry's badge: the number of agents selected for the team (none: no badge). */
export function SelectedAgentsBadge() {
  const count = useTeamAgents().data?.length ?? 0;
  if (count === 0) return null;
  return (
    <>
      <Badge size="sm" circle={count < 10} color="indigo" variant="filled" aria-hidden data-testid="selected-agents-badge">
        {count}
      </Badge>
      <VisuallyHidden>{strings.selectedBadge(count)}</VisuallyHidden>
    </>
  );
}

interface MyAgentItem {
  id: string;
  name: string;
  avatar: string | null;
}

/**
 * 'Mis Agentes': the agents the user created plus those selected for the team, collapsible, at
 * most 12rem tall. Without an agent of their own the user is offered 'Crear mi primer agente'.
 * Renders nothing for visitors.
 */
export function MyAgentsSection() {
  const owner = useAtomValue(teamOwnerAtom);
  const createdLoad = useCreatedAgents();
  const created = createdLoad.data ?? [];
  const selected = useTeamAgents().data ?? [];
  const [open, setOpen] = useState(true);
  if (owner.status !== 'user') return null;

  const seen = new Set<string>();
  const items: MyAgentItem[] = [];
  for (const agent of [...created, ...selected.map((item) => ({ id: item.agentId, name: item.name, avatar: item.avatar }))]) {
    if (seen.has(agent.id)) continue;
    seen.add(agent.id);
    items.push({ id: agent.id, name: agent.name, avatar: agent.avatar });
  }

  return (
    <Stack gap={4} px="xs" py="xs" component="section" aria-labelledby="my-agents-title" className="my-agents">
      <UnstyledButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls="my-agents-list"
        className="my-agents-toggle"
        px="xs"
      >
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" id="my-agents-title">
            {strings.myAgents} {items.length > 0 && `(${items.length})`}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            {open ? '▾' : '▸'}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse in={open} id="my-agents-list">
        <Stack gap={6}>
          {items.length > 0 && (
            // The browser's own scrolling: Mantine's ScrollArea would bring a floating-layer library
            // into the entry script for this one list.
            <div className="my-agents-scroll" style={{ maxHeight: SIDEBAR_AGENTS_MAX_HEIGHT }} data-testid="my-agents-scroll">
              <ul className="my-agents-list" aria-label={strings.myAgents}>
                {items.map((agent) => (
                  <li key={agent.id}>
                    <NavLink
                      component={RouterNavLink}
                      to={`/agentes/${encodeURIComponent(agent.id)}`}
                      label={agent.name}
                      leftSection={<EntityAvatar name={agent.name} src={agent.avatar} size={22} radius="sm" />}
                      py={4}
                    />
                  </li>
                ))}
              </ul>
            </div>
          )}
          {/* Only once the user's own agents are known to be none (not while loading, nor after a failed load). */}
          {createdLoad.isSuccess && created.length === 0 && (
            <AppButton component={Link} to="/agent-creator" variant="outline" size="xs" mx="xs">
              {strings.createFirst}
            </AppButton>
          )}
          {/* The form creator, whether or not a model is configured for the conversational one. */}
          <NavLink component={RouterNavLink} to="/create-advanced-agent" label={strings.createWithForm} leftSection={<span aria-hidden style={{ width: 22, textAlign: 'center' }}>+</span>} py={4} />
        </Stack>
      </Collapse>
    </Stack>
  );
}
