// `npm run bench`: builds the backend if needed, then runs every bench/*.bench.mjs (or the ones
// named on the command line) and prints their tables. BENCH_SECONDS sets each measurement's length.
import { execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
execSync('npm run build:backend', { cwd: root, stdio: 'inherit' });

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const wanted = process.argv.slice(2);
const suites = readdirSync(join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)));

for (const file of suites) {
  const suite = await import(join(root, 'bench', file));
  await suite.run({ seconds });
}
