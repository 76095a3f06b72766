import { sampleValue } from './prometheus-text';
import { metricsRegistry, timeQueueJob, watchQueue } from '../../src/modules/metrics/instruments';

const scrape = () => metricsRegistry.metrics();

describe('the queues’ metrics', () => {
  it('count a job as active while it runs, and time it by outcome', async () => {
    const before = await scrape();
    let release!: () => void;
    const running = timeQueueJob('collaboration', () => new Promise<void>((resolve) => (release = resolve)));
    expect(sampleValue(await scrape(), 'nova_queue_jobs', { queue: 'collaboration', state: 'active' })).toBe(1);
    release();
    await running;
    await expect(timeQueueJob('collaboration', () => Promise.reject(new Error('falla')))).rejects.toThrow('falla');

    const after = await scrape();
    expect(sampleValue(after, 'nova_queue_jobs', { queue: 'collaboration', state: 'active' })).toBe(0);
    const moved = (outcome: string) =>
      sampleValue(after, 'nova_queue_job_duration_seconds_count', { queue: 'collaboration', outcome }) -
      sampleValue(before, 'nova_queue_job_duration_seconds_count', { queue: 'collaboration', outcome });
    expect(moved('ok')).toBe(1);
    expect(moved('error')).toBe(1);
  });

  it('read the waiting jobs at each scrape, from this process’ queue or the shared one, until unwatched', async () => {
    let waiting = 3;
    const unwatchLocal = watchQueue('knowledge', () => waiting);
    const unwatchShared = watchQueue('knowledge', () => Promise.resolve(7), true);
    expect(sampleValue(await scrape(), 'nova_queue_jobs', { queue: 'knowledge', state: 'waiting' })).toBe(3);
    waiting = 0;
    const text = await scrape();
    expect(sampleValue(text, 'nova_queue_jobs', { queue: 'knowledge', state: 'waiting' })).toBe(0);
    expect(sampleValue(text, 'nova_queue_shared_waiting_jobs', { queue: 'knowledge' })).toBe(7);
    unwatchLocal();
    unwatchShared();
    waiting = 5;
    expect(sampleValue(await scrape(), 'nova_queue_jobs', { queue: 'knowledge', state: 'waiting' })).toBe(0);
  });
});
