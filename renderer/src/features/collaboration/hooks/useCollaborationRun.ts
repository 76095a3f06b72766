import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../shared/api';
import {
  acceptSession,
  acceptStep,
  collaborationKeys,
  isFinished,
  useCancelSession,
  useCollaborationSession,
  type CollaborationSession,
} from '../api/collaborationQueries';
import { sessionEvents } from '../api/sessionEvents';
import { collaborationStrings } from '../strings';

export interface CollaborationRun {
  /** The session as last heard of (its log holds the steps streamed in too); undefined until first read. */
  session: CollaborationSession | undefined;
  /** A read of the session failed (the first one, or one after its stream broke): its message. Null while it is tried again. */
  loadError: string | null;
  /** The server no longer has the session (404): a stored answer may stand in for it. */
  gone: boolean;
  /** Reads the session again after a failed read. */
  retry: () => void;
  /** The stream broke; the last stored state is shown (and read again until the session ends). */
  streamError: boolean;
  cancelling: boolean;
  cancelError: string | null;
  cancel: () => void;
}

const message = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

interface Follow {
  sessionId: string;
  /** 'poll' once the stream closed without the finished session. */
  mode: 'stream' | 'poll';
  broken: boolean;
}

/**
 * Follows one session: reads it (unless the cache has it), streams its steps in until it finishes,
 * and, when the stream closes first, reads it every 3 s until it ends.
 */
export function useCollaborationRun(sessionId: string): CollaborationRun {
  const queryClient = useQueryClient();
  const [followed, setFollow] = useState<Follow>({ sessionId, mode: 'stream', broken: false });
  const follow = followed.sessionId === sessionId ? followed : { sessionId, mode: 'stream', broken: false };
  const query = useCollaborationSession(sessionId, { poll: follow.mode === 'poll' });
  const cancelMutation = useCancelSession();
  const live = query.data !== undefined && !isFinished(query.data.status);

  useEffect(() => {
    if (!live) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let broken = false;
      try {
        for await (const event of sessionEvents(sessionId, signal)) {
          if (event.type === 'step') {
            acceptStep(queryClient, sessionId, event.step);
            continue;
          }
          acceptSession(queryClient, event.session);
          if (event.type === 'end' || isFinished(event.session.status)) return;
        }
      } catch {
        broken = true;
      }
      if (signal.aborted) return;
      // The stream closed without the finished session (a proxy cut it, say): read it until it ends.
      setFollow({ sessionId, mode: 'poll', broken });
      void queryClient.refetchQueries({ queryKey: collaborationKeys.session(sessionId), exact: true });
    })();
    return () => controller.abort();
  }, [sessionId, live, queryClient]);

  return {
    session: query.data,
    loadError: query.isError && !query.isFetching ? message(query.error, collaborationStrings.errors.load) : null,
    gone: query.isError && isApiError(query.error) && query.error.status === 404,
    retry: () => void query.refetch(),
    streamError: follow.broken,
    cancelling: cancelMutation.isPending,
    cancelError: cancelMutation.isError ? message(cancelMutation.error, collaborationStrings.errors.cancel) : null,
    cancel: () => cancelMutation.mutate(sessionId),
  };
}
