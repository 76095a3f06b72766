import { join } from 'node:path';
import { startDesktopApp } from './app';

// Built to out/main/index.js; the preload and the renderer are its siblings under out/.
startDesktopApp({ outDir: join(__dirname, '..') });
