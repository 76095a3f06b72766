import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { collaborationApi } from '../api/collaborationApi';
import { collaborationStrings } from '../strings';
import { isFinished, type CollaborationSession, type DeliberationStep } from '../types';
import { mergeSteps } from '../utils/session';

export interface CollaborationRun {
  session: CollaborationSession | null;
  steps: DeliberationStep[];
  /** The session could not be read at all. */
  loadError: string | null;
  /** The stream broke; the last stored state is shown. */
  streamError: boolean;
  cancelling: boolean;
  cancelError: string | null;
  cancel: () => Promise<void>;
}

/** How often a session is read again when its stream broke. */
const POLL_MS = 3_000;

const message = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

/**
 * Follows one session: reads it, streams its steps in until it finishes, then reads it again for
 * the final answer. `onFinished` runs once with the finished session.
 */
export function useCollaborationRun(
  sessionId: string,
  initial?: CollaborationSession | null,
  onFinished?: (session: CollaborationSession) => void,
): CollaborationRun {
  const [session, setSession] = useState<CollaborationSession | null>(initial ?? null);
  const [steps, setSteps] = useState<DeliberationStep[]>(initial?.deliberationLog ?? []);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [streamError, setStreamError] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const finishedRef = useRef(false);
  const onFinishedRef = useRef(onFinished);
  onFinishedRef.current = onFinished;

  const accept = useCallback((value: CollaborationSession) => {
    setSession(value);
    setSteps((current) => mergeSteps(current, value.deliberationLog ?? []));
    if (isFinished(value.status) && !finishedRef.current) {
      finishedRef.current = true;
      onFinishedRef.current?.(value);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const read = () =>
      collaborationApi.get(sessionId, signal).then(
        (value) => {
          if (!signal.aborted) accept(value);
          return value;
        },
        (error: unknown) => {
          if (!signal.aborted) setLoadError(message(error, collaborationStrings.errors.load));
          return null;
        },
      );

    void (async () => {
      const first = initial && initial.id === sessionId ? initial : await read();
      if (!first || signal.aborted || isFinished(first.status)) return;
      let ended = false;
      try {
        for await (const event of collaborationApi.events(sessionId, signal)) {
          if (event.type === 'step') {
            setSteps((current) => mergeSteps(current, [event.step]));
          } else {
            accept(event.session);
            if (event.type === 'end' || isFinished(event.session.status)) {
              ended = true;
              break;
            }
          }
        }
      } catch {
        if (signal.aborted) return;
        setStreamError(true);
      }
      // The stream closed without the finished session (a proxy cut it, say): read it until it ends.
      let latest = ended ? null : await read();
      while (latest && !isFinished(latest.status) && !signal.aborted) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (signal.aborted) return;
        latest = await read();
      }
    })();
    return () => controller.abort();
    // `initial` only seeds the first render of this session.
  }, [sessionId, accept]);

  const cancel = useCallback(async () => {
    setCancelling(true);
    setCancelError(null);
    try {
      accept(await collaborationApi.cancel(sessionId));
    } catch (error) {
      setCancelError(message(error, collaborationStrings.errors.cancel));
    } finally {
      setCancelling(false);
    }
  }, [sessionId, accept]);

  return { session, steps, loadError, streamError, cancelling, cancelError, cancel };
}
