import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { performance } from 'node:perf_hooks';
import { fairAdmission, TURN_BUDGET_MS } from './fair-admission';

/** The end of the current turn of the event loop: immediates queued before this one have run. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Keeps the event loop busy, as a request's synchronous work on SQLite does. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('fairAdmission', () => {
  let admission: RequestHandler;
  let admitted: string[];

  /** A request named `name` whose handling takes `ms` of the event loop. */
  const arrive = (name: string, ms = 0) => {
    const next: NextFunction = () => {
      admitted.push(name);
      work(ms);
    };
    void admission({} as Request, {} as Response, next);
  };

  beforeEach(() => {
    admission = fairAdmission();
    admitted = [];
  });

  afterEach(async () => {
    // Whatever waits goes in; no timer of this line outlives its test.
    for (let turn = 0; turn < 10; turn += 1) await nextTurn();
  });

  it('lets a request straight in when nothing waits', () => {
    arrive('a');
    expect(admitted).toEqual(['a']);
  });

  it('lets quick requests of one turn in together', () => {
    arrive('a');
    arrive('b');
    arrive('c');
    expect(admitted).toEqual(['a', 'b', 'c']);
  });

  it('holds requests once the turn has spent its budget and lets them in on later turns, in arrival order', async () => {
    const slow = TURN_BUDGET_MS + 1;
    arrive('a', slow);
    arrive('b', slow);
    arrive('c', slow);
    arrive('d', slow);
    expect(admitted).toEqual(['a']);

    await nextTurn();
    expect(admitted).toEqual(['a', 'b']);
    await nextTurn();
    expect(admitted).toEqual(['a', 'b', 'c']);
    await nextTurn();
    expect(admitted).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lets requests straight in again once the line is empty', async () => {
    arrive('a', TURN_BUDGET_MS + 1);
    arrive('b');
    for (let turn = 0; turn < 3; turn += 1) await nextTurn();
    arrive('c');
    expect(admitted).toEqual(['a', 'b', 'c']);
  });

  it('lets requests beyond the longest line straight in rather than holding them', async () => {
    admission = fairAdmission(1);
    arrive('a', TURN_BUDGET_MS + 1);
    arrive('b');
    arrive('c');
    expect(admitted).toEqual(['a', 'c']);
    await nextTurn();
    expect(admitted).toEqual(['a', 'c', 'b']);
  });
});
