import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { apiDocument, createApp } from '../app.factory';
import { loadConfig } from '../config/app-config';

/**
 * The OpenAPI document as the server serves it, built without listening on a port. The
 * environment is fixed (not the caller's), so that the same code always gives the same document:
 * the defaults, on a throw-away SQLite file.
 */
export async function buildApiDocument(): Promise<OpenAPIObject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nova-api-document-'));
  try {
    const config = loadConfig({ LOG_LEVEL: 'error', DATA_DIR: dataDir });
    const app = await createApp(config);
    try {
      return apiDocument(app, config);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
