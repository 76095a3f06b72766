import './ToolCalls.css';
import { Text } from '@mantine/core';
import type { components } from '../api';
import { uiStrings } from './strings';

/** A tool call of an agent's answer (issue 33): in a chat reply, or in a collaboration agent's part. */
export type ToolCall = components['schemas']['ToolCallDto'];

const strings = uiStrings.toolCalls;

/** A tool's arguments as the user reads them: indented JSON (a text that was not JSON, as is). */
export function argumentsText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? {}, null, 2);
}

/**
 * The answer's tool calls, each folded: 'Herramienta: x', then its arguments and result, and a note
 * on failure. A call the answer waits to be allowed (`awaitingId`) says so instead of running.
 */
export function ToolCalls({ calls, awaitingId }: { calls: readonly ToolCall[]; awaitingId?: string }) {
  return (
    <ul className="tool-calls" aria-label={strings.calls}>
      {calls.map((call) => (
        <li key={call.id} className="tool-call" data-ok={call.status === 'done' ? String(call.ok === true) : undefined}>
          <details>
            <summary>
              {strings.call(call.tool)}
              {call.status === 'pending' && (
                <Text span size="xs" c="dimmed" ml={6}>
                  {call.id === awaitingId ? strings.awaiting : strings.running}
                </Text>
              )}
            </summary>
            <Text size="xs" fw={700} mt={4}>
              {strings.arguments}
            </Text>
            <pre className="tool-call-code">{argumentsText(call.arguments)}</pre>
            {call.status === 'done' && (
              <>
                <Text size="xs" fw={700}>
                  {strings.result}
                </Text>
                <pre className="tool-call-code">{call.output ?? ''}</pre>
              </>
            )}
          </details>
          {call.note && (
            <Text size="xs" c="red.3" role="note">
              {call.note}
            </Text>
          )}
        </li>
      ))}
    </ul>
  );
}
