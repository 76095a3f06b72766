import './collaboration.css';
import { Stack, Text, Title } from '@mantine/core';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppButton } from '../../../shared/ui';
import { currentTeamAtom } from '../state/collaborationAtoms';
import { collaborationStrings } from '../strings';
import type { PickableAgent } from '../types';
import { AgentPicker } from './AgentPicker';

const strings = collaborationStrings;

export interface StartTeamChatPageProps {
  /** 'Mis Agentes', supplied by the app from the team feature. */
  agents: PickableAgent[];
  formatCategory?: (category: string) => string;
}

/** /start-team-chat: choose at least one agent of 'Mis Agentes', then a flow conversation with them. */
export function StartTeamChatPage({ agents, formatCategory }: StartTeamChatPageProps) {
  const navigate = useNavigate();
  const [team, setTeam] = useAtom(currentTeamAtom);
  const [tried, setTried] = useState(false);
  const selected = team.filter((id) => agents.some((agent) => agent.id === id));

  const start = () => {
    setTried(true);
    if (selected.length === 0) return;
    setTeam(selected);
    navigate(`/chat?flow=true&agents=${selected.map(encodeURIComponent).join(',')}`);
  };

  return (
    <Stack className="collaboration-page" gap="md" maw={640}>
      <Title order={1} fz="xl">
        {strings.startTeam.title}
      </Title>
      <Text size="sm" c="dimmed">
        {strings.startTeam.intro}
      </Text>
      <AgentPicker agents={agents} selected={selected} onChange={setTeam} showEmpty={tried} formatCategory={formatCategory} />
      {agents.length > 0 && (
        <div>
          <AppButton onClick={start}>{strings.startTeam.start}</AppButton>
        </div>
      )}
    </Stack>
  );
}
