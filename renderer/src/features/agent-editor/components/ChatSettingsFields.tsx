import { ActionIcon, Group, Input, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useFormLimits } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import { agentEditorStrings } from '../strings';
import type { AgentFormValues } from '../types';

const strings = agentEditorStrings.chatSettings;

export interface ChatSettingsFieldsProps {
  form: UseFormReturnType<AgentFormValues>;
  disabled: boolean;
}

/**
 * The agent's chat settings (issue 31): its conversation starters, one field each (up to the
 * server's limit), and the temperature and longest answer its model is asked with (empty: the
 * defaults). The bounds are the server's (`useFormLimits`).
 */
export function ChatSettingsFields({ form, disabled }: ChatSettingsFieldsProps) {
  const limits = useFormLimits()?.agent;
  const starters = form.getValues().conversationStarters;
  const maxStarters = limits?.conversationStarters.max;
  const full = maxStarters !== undefined && starters.length >= maxStarters;
  // A little past the server's limit, so that a too-long paste is seen and refused.
  const starterCutOff = limits ? limits.conversationStarter.max + 10 : undefined;

  return (
    <Stack gap="md">
      <Input.Wrapper
        label={strings.starters}
        description={maxStarters !== undefined ? strings.startersHint(maxStarters) : undefined}
        error={form.errors.conversationStarters}
      >
        <Stack gap={6} mt={6}>
          {starters.map((_, index) => (
            <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={strings.starter(index + 1)}
                placeholder={index === 0 ? strings.starterPlaceholder : undefined}
                {...form.getInputProps(`conversationStarters.${index}`)}
                maxLength={starterCutOff}
                disabled={disabled}
                style={{ flex: 1, minWidth: 0 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={strings.removeStarter(index + 1)}
                disabled={disabled}
                onClick={() => form.removeListItem('conversationStarters', index)}
              >
                <span aria-hidden>×</span>
              </ActionIcon>
            </Group>
          ))}
          {!full && (
            <div>
              <AppButton variant="outline" size="xs" disabled={disabled} onClick={() => form.insertListItem('conversationStarters', '')}>
                {strings.addStarter}
              </AppButton>
            </div>
          )}
        </Stack>
      </Input.Wrapper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={strings.temperature}
          description={limits ? strings.temperatureHint(limits.temperature.min, limits.temperature.max) : undefined}
          placeholder={strings.defaultPlaceholder}
          {...form.getInputProps('temperature')}
          inputMode="decimal"
          disabled={disabled}
        />
        <TextInput
          label={strings.maxAnswerTokens}
          description={limits ? strings.maxAnswerTokensHint(limits.maxAnswerTokens.min, limits.maxAnswerTokens.max) : undefined}
          placeholder={strings.defaultPlaceholder}
          {...form.getInputProps('maxAnswerTokens')}
          inputMode="numeric"
          disabled={disabled}
        />
      </SimpleGrid>
    </Stack>
  );
}
