// `npm start`: build whatever is missing or older than its sources, then run the backend, which
// serves the built renderer. A fresh clone builds everything once; later starts are immediate.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const newestSourceTime = (paths) =>
  Math.max(
    0,
    ...paths.map((path) => join(root, path)).filter(existsSync).map((path) => {
      const stat = statSync(path);
      if (!stat.isDirectory()) return stat.mtimeMs;
      return Math.max(0, ...readdirSync(path, { recursive: true }).map((entry) => statSync(join(path, entry)).mtimeMs));
    }),
  );

const isStale = (output, sources) => {
  const outputPath = join(root, output);
  return !existsSync(outputPath) || statSync(outputPath).mtimeMs < newestSourceTime(sources);
};

const builds = [
  {
    script: 'build:app',
    output: 'out/renderer/index.html',
    sources: ['renderer', 'main', 'preload', 'electron.vite.config.ts', 'package.json'],
  },
  { script: 'build:backend', output: 'dist/backend/main.js', sources: ['backend/src', 'backend/tsconfig.json', 'package.json'] },
];

for (const build of builds) {
  if (isStale(build.output, build.sources)) {
    console.log(`> npm run ${build.script}`);
    execSync(`npm run ${build.script}`, { cwd: root, stdio: 'inherit' });
  }
}

process.chdir(root);
await import(pathToFileURL(join(root, 'dist/backend/main.js')).href);
