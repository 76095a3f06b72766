import { Alert, Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { collaborationStrings } from '../strings';
import type { PickableAgent } from '../types';

const strings = collaborationStrings;

export interface AgentPickerProps {
  agents: PickableAgent[];
  selected: string[];
  onChange: (ids: string[]) => void;
  /** Show the empty-selection message (after an attempt, or always when nothing is picked). */
  showEmpty?: boolean;
  formatCategory?: (category: string) => string;
}

/** Agents of the user's team as checkboxes; an empty selection says so (spec section 5). */
export function AgentPicker({ agents, selected, onChange, showEmpty = true, formatCategory = (value) => value }: AgentPickerProps) {
  if (agents.length === 0) {
    return (
      <Alert color="indigo" variant="light">
        <Text size="sm">{strings.picker.emptyTeam}</Text>
        <Anchor component={Link} to="/marketplace" size="sm" c="indigo.3">
          {strings.picker.toMarketplace}
        </Anchor>
      </Alert>
    );
  }
  const known = selected.filter((id) => agents.some((agent) => agent.id === id));
  return (
    <Stack gap="xs">
      <Checkbox.Group label={strings.picker.legend} value={known} onChange={onChange}>
        <Stack gap={6} mt="xs">
          {agents.map((agent) => (
            <Checkbox key={agent.id} value={agent.id} label={agent.name} description={formatCategory(agent.category)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        {strings.picker.selected(known.length)}
      </Text>
      {showEmpty && known.length === 0 && (
        <Alert color="yellow" variant="light" role="alert" title={strings.noAgents}>
          <Text size="sm">{strings.noAgentsHint}</Text>
        </Alert>
      )}
    </Stack>
  );
}
