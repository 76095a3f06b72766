import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** How much of one turn of the event loop the requests let in during it may take. */
export const TURN_BUDGET_MS = 2;

/**
 * Beyond this many requests waiting, the next ones go straight in as they would without a line:
 * a client pipelining thousands of requests must not make the line hold them all in memory.
 */
export const MAX_WAITING_REQUESTS = 1024;

/**
 * The first middleware: each turn of the event loop lets requests into the application until
 * they have taken TURN_BUDGET_MS of it, and the rest wait for the next turns in the order they
 * arrived. A quiet server lets every request straight in.
 *
 * Why: Node accepts one new connection per turn of its event loop (libuv accepts one per
 * readiness notification since 1.45), and without a budget a turn handles a request from every
 * connection already open. On a busy server a new connection therefore waited as many turns as
 * there were open ones: with 64 connections on the marketplace listing, a visitor's first request
 * waited up to 3–5 s while the requests on open connections took a tenth of that. Short turns let
 * the server accept new connections between requests, and every request waits in one line.
 *
 * The time a request takes is mostly promise continuations, which run only after the callback
 * that let it in returns. So waiting requests are let in one per `setImmediate` callback (Node
 * runs the pending continuations between two of them), and a clock, the first immediate of each
 * turn, starts the turn's budget afresh.
 */
export function fairAdmission(maxWaiting = MAX_WAITING_REQUESTS): RequestHandler {
  const waiting: NextFunction[] = [];
  /** When the first request of this turn went in; undefined until one does. */
  let turnStartedAt: number | undefined;
  let clockRunning = false;

  const tick = () => {
    turnStartedAt = undefined;
    if (waiting.length === 0) clockRunning = false;
    else setImmediate(tick);
  };
  const spendTurn = () => {
    turnStartedAt ??= performance.now();
    if (clockRunning) return;
    clockRunning = true;
    setImmediate(tick);
  };
  const budgetLeft = () => turnStartedAt === undefined || performance.now() - turnStartedAt < TURN_BUDGET_MS;
  /** One per waiting request: lets the longest-waiting one in, or tries again next turn. */
  const letNextIn = () => {
    if (!budgetLeft()) {
      setImmediate(letNextIn);
      return;
    }
    spendTurn();
    waiting.shift()!();
  };

  return (_request: Request, _response: Response, next: NextFunction) => {
    if (waiting.length >= maxWaiting) {
      next();
    } else if (waiting.length === 0 && budgetLeft()) {
      spendTurn();
      next();
    } else {
      // The clock runs: the budget was spent this turn, or requests wait.
      waiting.push(next);
      setImmediate(letNextIn);
    }
  };
}
