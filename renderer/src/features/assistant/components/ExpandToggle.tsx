import { ActionIcon, Tooltip } from '@mantine/core';
import { assistantStrings } from '../strings';

function ExpandIcon({ expanded }: { expanded: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {expanded ? <path d="M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7" /> : <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />}
    </svg>
  );
}

/** The panel's 'Ampliar' / 'Reducir' button, with its tooltip. */
export function ExpandToggle({ expanded, onToggle }: { expanded: boolean; onToggle: () => void }) {
  const label = expanded ? assistantStrings.collapse : assistantStrings.expand;
  return (
    <Tooltip label={label} withinPortal={false}>
      <ActionIcon variant="subtle" color="gray" aria-label={label} aria-pressed={expanded} onClick={onToggle}>
        <ExpandIcon expanded={expanded} />
      </ActionIcon>
    </Tooltip>
  );
}
