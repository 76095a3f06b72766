import { Button, Group } from '@mantine/core';
import { assistantStrings } from '../strings';

export interface SuggestionChipsProps {
  suggestions: string[];
  disabled: boolean;
  onPick: (suggestion: string) => void;
}

export function SuggestionChips({ suggestions, disabled, onPick }: SuggestionChipsProps) {
  return (
    <Group gap={6} className="assistant-chips" role="group" aria-label={assistantStrings.suggestionsLabel}>
      {suggestions.map((suggestion) => (
        <Button
          key={suggestion}
          size="compact-xs"
          radius="xl"
          variant="light"
          color="indigo"
          disabled={disabled}
          onClick={() => onPick(suggestion)}
        >
          {suggestion}
        </Button>
      ))}
    </Group>
  );
}
