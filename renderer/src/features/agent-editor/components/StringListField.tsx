import { ActionIcon, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type KeyboardEvent } from 'react';
import { AppButton } from '../../../shared/ui';
import { agentEditorStrings } from '../strings';
import { useFormLimits } from '../../../shared/config';

const strings = agentEditorStrings;

export interface StringListFieldProps {
  label: string;
  /** What the list says while it has no entry. */
  emptyText: string;
  values: string[];
  onChange(values: string[]): void;
  disabled?: boolean;
}

/** An editable list of short texts (skills, capabilities, use cases): type and add, or remove one. */
export function StringListField({ label, emptyText, values, onChange, disabled }: StringListFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const limits = useFormLimits()?.agent;
  const full = limits !== undefined && values.length >= limits.listItems.max;

  const add = () => {
    const item = draft.trim();
    if (!item) return;
    if (limits && item.length > limits.listItem.max) return setError(strings.validation.itemTooLong(limits.listItem.max));
    if (values.some((value) => value.toLocaleLowerCase('es') === item.toLocaleLowerCase('es'))) {
      return setError(strings.validation.itemDuplicate);
    }
    onChange([...values, item]);
    setDraft('');
    setError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the entry instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <Input.Wrapper label={label} id={`${id}-input`} error={error}>
      <Stack gap={6} mt={4}>
        {values.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          <ul className="agent-editor-list" aria-label={label}>
            {values.map((value, index) => (
              <li key={value}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={strings.list.remove(value)}
                  disabled={disabled}
                  onClick={() => onChange(values.filter((_, position) => position !== index))}
                >
                  <span aria-hidden>×</span>
                </ActionIcon>
              </li>
            ))}
          </ul>
        )}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            id={`${id}-input`}
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={onKeyDown}
            placeholder={strings.list.placeholder(label)}
            aria-label={strings.list.placeholder(label)}
            disabled={disabled || full}
            maxLength={limits ? limits.listItem.max + 1 : undefined}
            style={{ flex: 1 }}
            error={Boolean(error)}
          />
          <AppButton variant="outline" onClick={add} disabled={disabled || full || !draft.trim()} aria-label={`${strings.list.add}: ${label}`}>
            {strings.list.add}
          </AppButton>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
