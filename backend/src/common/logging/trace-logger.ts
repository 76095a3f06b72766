import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { activeTraceIds } from '../telemetry/tracing';

/**
 * The app's JSON logger; with tracing on, a line written while a span is active carries its
 * `traceId` and `spanId`, so that an operator goes from a log line to its trace and back.
 */
export class TraceConsoleLogger extends ConsoleLogger {
  protected override getJsonLogObject(
    message: unknown,
    options: { context: string; logLevel: LogLevel; writeStreamType?: 'stdout' | 'stderr'; errorStack?: unknown },
  ) {
    const line = super.getJsonLogObject(message, options);
    const ids = activeTraceIds();
    return ids ? Object.assign(line, ids) : line;
  }
}
