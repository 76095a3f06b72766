import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** One metered call, as the journal keeps it. */
export interface MeteredCall {
  /** When it ended, epoch ms. */
  at: number;
  keyId: string;
  publicationId: string;
  failed: boolean;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  /** The client's Idempotency-Key, for an answered call sent with one. */
  idempotencyKey?: string;
}

/** How far into a journal the ledger goes; `closed`: the whole journal, whose file then goes. */
export interface JournalPosition {
  journal: string;
  position: number;
  closed: boolean;
}

/**
 * Where this machine's processes keep their journals under `root`: a folder of its own, so that a
 * root shared by several machines by mistake (a DATA_DIR on a shared volume) never has one machine
 * replay the journal of another's live process, whose id it cannot check.
 */
export function journalDirOf(root: string): string {
  return join(root, hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'local');
}

/** usage-<pid>-<start>-<random>-<sequence>.journal; the part before the sequence is the process' (its holder). */
const NAME = /^usage-((\d+)-\d+-[0-9a-f]+)-\d+\.journal$/;

/** The journals this process has open (several applications in one process, as tests run them, share a directory). */
const OPEN_HERE = new Set<string>();

/**
 * A process' append-only record of its metered calls, one line each, written before the call's
 * answer is complete: a synchronous write to a file opened O_APPEND, without fsync. The write is
 * in the kernel when it returns, so it outlives the process however it ends (a SIGKILL, an
 * out-of-memory kill); only the machine's own crash can lose it. The files are named once (process
 * id, start time, random, sequence) and never reused.
 */
export class UsageJournal {
  /** This process' name in its journals' names and in the claims of its calls (CallIdempotency). */
  readonly holder = `${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}`;
  private sequence = 0;
  private fd: number;
  private size = 0;
  name: string;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.name = this.nextName();
    this.fd = openHere(join(dir, this.name));
  }

  /** Appends a call; throws when the disk refuses it (the caller counts the call all the same). */
  append(call: MeteredCall): void {
    const line = `${call.at} ${call.keyId} ${call.publicationId} ${call.failed ? 1 : 0} ${call.inputTokens} ${call.outputTokens} ${Math.round(call.latencyMs)}${call.idempotencyKey ? ` ${call.idempotencyKey}` : ''}\n`;
    this.size += writeSync(this.fd, line);
  }

  /** Where the next call will be written: everything before it is journaled. */
  position(): JournalPosition {
    return { journal: this.name, position: this.size, closed: false };
  }

  get bytes(): number {
    return this.size;
  }

  /** Ends the current file and goes on in a new one; answers the ended file's whole extent. */
  rotate(): JournalPosition {
    const ended = this.end();
    this.name = this.nextName();
    this.fd = openHere(join(this.dir, this.name));
    this.size = 0;
    return ended;
  }

  /** Ends the current file (the application stops): later appends fail. */
  close(): JournalPosition {
    return this.end();
  }

  private nextName(): string {
    this.sequence += 1;
    return `usage-${this.holder}-${this.sequence}.journal`;
  }

  private end(): JournalPosition {
    closeSync(this.fd);
    this.fd = -1;
    // Still this process' until removed: another application in it must not replay it meanwhile.
    return { journal: this.name, position: this.size, closed: true };
  }
}

/**
 * The journals in `dir` that no running process writes: those of a process that is gone, or of
 * this process' id that this process did not open (a container restarted with the same pid).
 * A live unrelated process that took a dead one's id keeps its journal waiting for a later start.
 */
export function abandonedJournals(dir: string): { holder: string; journals: string[] }[] {
  if (!existsSync(dir)) return [];
  const byHolder = new Map<string, string[]>();
  for (const name of readdirSync(dir)) {
    const match = NAME.exec(name);
    if (!match || OPEN_HERE.has(join(dir, name))) continue;
    const pid = Number(match[2]);
    if (pid !== process.pid && isRunning(pid)) continue;
    byHolder.set(match[1], [...(byHolder.get(match[1]) ?? []), name]);
  }
  // In the order they were written.
  const sequenceOf = (name: string) => Number(/-(\d+)\.journal$/.exec(name)?.[1]);
  return [...byHolder].map(([holder, journals]) => ({ holder, journals: journals.sort((a, b) => sequenceOf(a) - sequenceOf(b)) }));
}

/**
 * The calls a journal holds from byte `from` on, and where the last whole line ends (a line cut
 * short, which only a machine's crash leaves, is not a call).
 */
export function readJournal(dir: string, journal: string, from: number): { calls: MeteredCall[]; end: number } {
  const bytes = readFileSync(join(dir, journal)).subarray(from);
  const lastNewline = bytes.lastIndexOf(0x0a);
  if (lastNewline < 0) return { calls: [], end: from };
  const calls: MeteredCall[] = [];
  for (const line of bytes.subarray(0, lastNewline).toString('utf8').split('\n')) {
    const call = parseLine(line);
    if (call) calls.push(call);
  }
  return { calls, end: from + lastNewline + 1 };
}

/** Removes an ended journal's file, once the ledger holds all of it. */
export function removeJournal(dir: string, journal: string): void {
  const path = join(dir, journal);
  rmSync(path, { force: true });
  OPEN_HERE.delete(path);
}

function parseLine(line: string): MeteredCall | null {
  const fields = line.split(' ');
  if (fields.length < 7) return null;
  const [at, keyId, publicationId, failed, inputTokens, outputTokens, latencyMs] = fields;
  const idempotencyKey = fields.slice(7).join(' ');
  const call: MeteredCall = {
    at: Number(at),
    keyId,
    publicationId,
    failed: failed === '1',
    inputTokens: Number(inputTokens),
    outputTokens: Number(outputTokens),
    latencyMs: Number(latencyMs),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
  return [call.at, call.inputTokens, call.outputTokens, call.latencyMs].every(Number.isFinite) ? call : null;
}

function openHere(path: string): number {
  const fd = openSync(path, 'a');
  OPEN_HERE.add(path);
  return fd;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
