import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { shutdownTracing } from './register';

/** Exports the last spans when the app closes (after the HTTP server has finished its requests). */
@Injectable()
class TracingShutdown implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return shutdownTracing();
  }
}

@Module({ providers: [TracingShutdown] })
export class TelemetryModule {}
