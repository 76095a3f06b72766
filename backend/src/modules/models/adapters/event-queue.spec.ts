import { EventQueue } from './event-queue';

async function drain<T>(queue: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of queue) out.push(item);
  return out;
}

describe('EventQueue', () => {
  it('hands out what was pushed, in order, whether it came before or after the read', async () => {
    const queue = new EventQueue<number>();
    queue.push(1);
    const read = drain(queue);
    queue.push(2);
    await Promise.resolve();
    queue.push(3);
    queue.end();
    await expect(read).resolves.toEqual([1, 2, 3]);
  });

  it('reports a failure after the items before it, once', async () => {
    const queue = new EventQueue<string>();
    queue.push('a');
    queue.fail(new Error('caído'));
    queue.push('ignorado');
    await expect(queue.next()).resolves.toEqual({ done: false, value: 'a' });
    await expect(queue.next()).rejects.toThrow('caído');
    await expect(queue.next()).resolves.toEqual({ done: true, value: undefined });
  });

  it('wakes a reader that is already waiting when the source ends or fails', async () => {
    const ended = new EventQueue<number>();
    const waitingForEnd = ended.next();
    ended.end();
    await expect(waitingForEnd).resolves.toEqual({ done: true, value: undefined });

    const failed = new EventQueue<number>();
    const waitingForFailure = failed.next();
    failed.fail(new Error('sin conexión'));
    await expect(waitingForFailure).rejects.toThrow('sin conexión');
  });

  it('drops what is queued when the reader stops early', async () => {
    const queue = new EventQueue<number>();
    queue.push(1);
    queue.push(2);
    for await (const _item of queue) break;
    queue.push(3);
    await expect(queue.next()).resolves.toEqual({ done: true, value: undefined });
  });
});
