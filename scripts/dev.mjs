// `npm run dev`: the backend recompiled and restarted on change (port 3000), and the renderer on
// Vite's dev server with hot reload (it proxies /api, /api-admin and /idp to the backend).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';

const mainJs = 'dist/backend/main.js';
if (!existsSync(mainJs)) {
  mkdirSync('dist/backend', { recursive: true });
  writeFileSync(mainJs, '');
}

const processes = [
  spawn('npx', ['tsc', '-w', '--preserveWatchOutput', '-p', 'backend/tsconfig.build.json'], { stdio: 'inherit' }),
  spawn('node', ['--watch', mainJs], { stdio: 'inherit' }),
  spawn('npx', ['electron-vite', 'dev', '--rendererOnly'], { stdio: 'inherit' }),
];

const stopAll = () => processes.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
processes.forEach((child) => child.on('exit', stopAll));
