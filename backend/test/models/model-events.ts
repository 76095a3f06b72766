import type { ModelEvent } from '../../src/modules/models/model-gateway';

/** Every event of a model stream, in order. */
export async function collect(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const out: ModelEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** Collects until the stream fails; returns what arrived and the error. */
export async function collectUntilError(events: AsyncIterable<ModelEvent>): Promise<{ events: ModelEvent[]; error: unknown }> {
  const out: ModelEvent[] = [];
  try {
    for await (const event of events) out.push(event);
  } catch (error) {
    return { events: out, error };
  }
  throw new Error('the stream did not fail');
}

/** The reply's text pieces. */
export const texts = (events: ModelEvent[]) => events.flatMap((event) => (event.type === 'delta' ? [event.text] : []));
