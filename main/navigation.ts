import { shell } from 'electron';
import type { WebContents } from 'electron';
import { originOf } from './csp';

export function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Only web links leave the app; file:, javascript:, custom schemes and the like are dropped. */
export function openExternalIfWeb(url: string): void {
  if (!isHttpUrl(url)) return;
  shell.openExternal(url).catch((error: unknown) => {
    console.warn(`No se pudo abrir ${url} en el navegador:`, error);
  });
}

export function isAllowedOrigin(url: string, allowedOrigins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && allowedOrigins.includes(origin);
}

/**
 * The window only ever shows our own pages. New windows and navigations elsewhere go to the
 * system browser, so remote content never runs next to the preload bridge.
 */
export function guardNavigation(contents: WebContents, allowedOrigins: readonly string[]): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfWeb(url);
    return { action: 'deny' };
  });

  const keepInside = (event: { url: string; preventDefault(): void }): void => {
    if (isAllowedOrigin(event.url, allowedOrigins)) return;
    event.preventDefault();
    openExternalIfWeb(event.url);
  };
  contents.on('will-navigate', (event) => keepInside(event));
  contents.on('will-redirect', (event) => keepInside(event));
}
