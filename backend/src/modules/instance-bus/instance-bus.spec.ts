import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import { InstanceBus, type InstanceTopic, parseInstanceMessage } from './instance-bus';
import { LocalInstanceBus, relayInstanceBus } from './local-instance-bus';

describe('InstanceBus', () => {
  it('reaches this process’s listeners of the topic before publish returns, and no others', () => {
    const bus = new LocalInstanceBus();
    const heard: string[] = [];
    bus.subscribe('identity.sessions-ended', (sub) => heard.push(`sesiones ${sub}`));
    bus.subscribe('marketplace.changed', () => heard.push('escaparate'));
    void bus.publish('identity.sessions-ended', 'usuario-1');
    expect(heard).toEqual(['sesiones usuario-1']);
    void bus.close();
  });

  it('sends to the other processes what it tells its own listeners, and a send that fails fails nothing', async () => {
    const sent: [InstanceTopic, string][] = [];
    class Recording extends InstanceBus {
      readonly reachesEveryInstance = true;
      protected send(topic: InstanceTopic, payload: string): Promise<void> {
        sent.push([topic, payload]);
        return Promise.resolve();
      }
    }
    const bus = new Recording();
    await bus.publish('publications.changed', 'pub-1');
    await bus.publish('marketplace.changed');
    expect(sent).toEqual([
      ['publications.changed', 'pub-1'],
      ['marketplace.changed', ''],
    ]);
  });

  it('takes from the wire only well-formed messages on known topics', () => {
    expect(parseInstanceMessage('{"origin":"a","topic":"marketplace.changed","payload":""}')).toEqual({ origin: 'a', topic: 'marketplace.changed', payload: '' });
    expect(parseInstanceMessage({ origin: 'a', topic: 'publications.changed', payload: 'p' })).toEqual({ origin: 'a', topic: 'publications.changed', payload: 'p' });
    for (const junk of ['no es JSON', '{"origin":"a","topic":"otra.cosa","payload":""}', '{"origin":1,"topic":"marketplace.changed","payload":""}', null, 42]) {
      expect(parseInstanceMessage(junk)).toBeNull();
    }
  });

  it('in a cluster’s primary, relays what one worker sends to every other connected worker', () => {
    const fakeWorker = (connected = true) => Object.assign(new EventEmitter(), { sent: [] as unknown[], isConnected: () => connected, send(message: unknown) { this.sent.push(message); return true; } });
    const [one, two, three, gone] = [fakeWorker(), fakeWorker(), fakeWorker(), fakeWorker(false)];
    const all = [one, two, three, gone] as unknown as Worker[];
    for (const worker of all) relayInstanceBus(worker, () => all);
    const message = { type: 'nova:instance-bus', body: { origin: 'x', topic: 'marketplace.changed', payload: '' } };
    one.emit('message', message);
    one.emit('message', { type: 'otra cosa' });
    expect(one.sent).toEqual([]);
    expect(two.sent).toEqual([message]);
    expect(three.sent).toEqual([message]);
    expect(gone.sent).toEqual([]);
  });
});
