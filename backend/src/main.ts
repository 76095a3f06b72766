import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigValidationError, loadConfig } from './config/app-config';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigValidationError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await (config.host ? app.listen(config.port, config.host) : app.listen(config.port));
  new Logger('Bootstrap').log(`${config.productName} escuchando en http://localhost:${config.port}`);
}

void bootstrap();
