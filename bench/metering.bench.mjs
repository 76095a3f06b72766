// The metering of a call with a key (issue 36: "at most 0.1 ms added per call"), measured alone:
// UsageMeter.begin + end, as AgentRunner calls them for every call, with this process' usage
// journal (the synchronous append before the answer) and without it (figures in memory only, as
// before the journal), over 8 keys. Reports the CPU time per call of each and their difference.
// Target: begin + end with the journal, at most 0.1 ms (100 µs) of CPU a call. The database write
// every 2 s is off the request path and not measured here (the interval is not started).
// BENCH_BACKEND_FROM_SOURCES=1 loads the TypeScript sources (as the tests do) instead of dist/.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const TARGET_US = 100;

/** A module of the publications' sources, or of dist/. */
function load(name) {
  if (process.env.BENCH_BACKEND_FROM_SOURCES === '1') {
    require(join(root, 'backend/test/support/swc-register.cjs'));
    return require(join(root, `backend/src/modules/publications/${name}.ts`));
  }
  return require(join(root, `dist/backend/modules/publications/${name}.js`));
}

/** CPU microseconds per call of `calls` begin + end pairs. */
function measure(meter, calls) {
  const keys = Array.from({ length: 8 }, (_, index) => `00000000-0000-4000-8000-00000000000${index}`);
  const outcome = { failed: false, inputTokens: 120, outputTokens: 40, latencyMs: 35 };
  const started = process.cpuUsage();
  for (let call = 0; call < calls; call += 1) {
    const keyId = keys[call & 7];
    meter.begin(keyId);
    meter.end(keyId, 'ffffffff-0000-4000-8000-000000000000', outcome);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / calls;
}

export async function run({ seconds }) {
  const { UsageMeter } = load('usage-meter');
  const dir = mkdtempSync(join(tmpdir(), 'nova-metering-bench-'));
  const config = { metering: { journalDir: dir } };
  try {
    // The journal as onModuleInit opens it, without the database (nothing to replay, no interval).
    const journaled = new UsageMeter({}, config);
    journaled.journal = new (load('usage-journal').UsageJournal)(journaled.journalDir);
    const inMemory = new UsageMeter({}, config);

    const calls = 50_000;
    // Warm up both, then take turns, round after round, as long as asked.
    measure(journaled, calls / 4);
    measure(inMemory, calls / 4);
    const withJournal = [];
    const withoutJournal = [];
    const deadline = Date.now() + seconds * 1000;
    do {
      withJournal.push(measure(journaled, calls));
      withoutJournal.push(measure(inMemory, calls));
    } while (Date.now() < deadline);
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const journalUs = median(withJournal);
    const memoryUs = median(withoutJournal);
    console.log('\nMetering of a call (UsageMeter.begin + end), CPU per call, median of %d rounds of %d calls', withJournal.length, calls);
    console.table([
      { variant: 'journal + memory', 'µs/call': journalUs.toFixed(2) },
      { variant: 'memory only', 'µs/call': memoryUs.toFixed(2) },
      { variant: 'journal adds', 'µs/call': (journalUs - memoryUs).toFixed(2) },
    ]);
    console.log(`Target: at most ${TARGET_US} µs a call with the journal: ${journalUs <= TARGET_US ? 'met' : 'NOT met'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
