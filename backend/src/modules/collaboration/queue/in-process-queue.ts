import { Injectable, Logger } from '@nestjs/common';
import { CollaborationQueue, SessionExecutor } from './collaboration-queue';
import { traceHeaders } from '../../../common/telemetry/tracing';
import { timeQueueJob } from '../../metrics/instruments';

/** Runs each session in this process, started on the next turn of the event loop. */
@Injectable()
export class InProcessCollaborationQueue extends CollaborationQueue {
  private readonly logger = new Logger('Collaboration');

  constructor(private readonly executor: SessionExecutor) {
    super();
  }

  async enqueue(sessionId: string): Promise<void> {
    const trace = traceHeaders();
    setImmediate(() => {
      timeQueueJob('collaboration', () => this.executor.execute(sessionId, trace)).catch((error: unknown) => this.logger.error(`La sesión ${sessionId} no ha podido ejecutarse: ${String(error)}`));
    });
  }
}
