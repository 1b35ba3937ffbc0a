import { Database, type KeySpec, type LoadReport, type Value } from '../index.js';
import { DEMO_KEYSPACE, generateDemoDocuments } from '../index.js';
import { STDIN_SOURCE } from '../load/index.js';
import { CliError } from './cli-error.js';
import { parseAssignment, type CommonOptions } from './options.js';
import { createProgress } from './progress.js';

export { addCommonOptions, collect, parseAssignment, type CommonOptions } from './options.js';

/** What {@link openDatabase} did, for banners. */
export interface OpenedDatabase {
  db: Database;
  /** Documents loaded into the demo keyspace, when `--demo` was given. */
  demoCount?: number;
}

/**
 * Opens the database (`--data` or in memory) and runs `--demo` and every `--load`.
 * Load failures are listed on stderr; a file that cannot be read at all is a CliError.
 */
export async function openDatabase(opts: CommonOptions): Promise<OpenedDatabase> {
  const keys = new Map<string, string>();
  for (const k of opts.key) {
    const [keyspace, template] = parseAssignment(k, '--key');
    keys.set(keyspace, template);
  }
  const loads = opts.load.map((l) => parseAssignment(l, '--load'));
  for (const keyspace of keys.keys()) {
    if (!loads.some(([k]) => k === keyspace)) throw new CliError(`--key ${keyspace}=… has no matching --load ${keyspace}=FILE`);
  }
  const db = await Database.open(opts.data === undefined ? {} : { path: opts.data });
  try {
    let demoCount: number | undefined;
    if (opts.demo) demoCount = (await loadDemo(db)).loaded;
    for (const [keyspace, file] of loads) {
      await loadFile(db, keyspace, file, { key: keys.get(keyspace), quiet: !process.stderr.isTTY });
    }
    return { db, demoCount };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** Loads the demo documents into the demo keyspace. */
export async function loadDemo(db: Database): Promise<LoadReport> {
  await ensureKeyspace(db, DEMO_KEYSPACE);
  const values = (function* (): Generator<Value> {
    for (const d of generateDemoDocuments()) yield d.value;
  })();
  const key = (doc: Value): string => {
    const o = doc as { type: string; id: number };
    return `${o.type}_${o.id}`;
  };
  return db.load(DEMO_KEYSPACE, values, { key });
}

/** Creates a keyspace unless it exists. */
export async function ensureKeyspace(db: Database, keyspace: string): Promise<void> {
  if (!db.keyspaces().includes(keyspace)) await db.createKeyspace(keyspace);
}

/** Options of {@link loadFile}. */
export interface LoadFileOptions {
  key?: KeySpec;
  mode?: 'upsert' | 'insert';
  /** No summary line (failures are still listed). */
  quiet?: boolean;
  /** Most failures listed (default 20). */
  maxFailures?: number;
  /** Where the summary line goes (default stderr; `tokenql load` uses stdout). */
  summaryStream?: NodeJS.WritableStream;
  /** `-` as the file reads standard input (`tokenql load KS -`; not `--load`, whose commands may read statements there). */
  allowStdin?: boolean;
}

/**
 * Loads one file into a keyspace with a progress bar on a terminal, lists failures on stderr as
 * `line 17: message` (or `source: message`), and prints `loaded N documents into KS (M failed) in X s`.
 * @throws CliError `cannot read FILE: …` when the file cannot be read at all
 */
export async function loadFile(db: Database, keyspace: string, file: string, options: LoadFileOptions = {}): Promise<LoadReport> {
  const started = performance.now();
  const progress = createProgress(keyspace);
  const created = !db.keyspaces().includes(keyspace);
  let report: LoadReport;
  try {
    await ensureKeyspace(db, keyspace);
    const source = options.allowStdin && file === '-' ? process.stdin : file;
    if (source === process.stdin && process.stdin.isTTY) process.stderr.write('reading documents from standard input (JSON Lines or a JSON array; end with Ctrl-D)\n');
    report = await db.load(keyspace, source, { key: options.key, mode: options.mode, onProgress: (p) => progress.update(p) });
  } catch (err) {
    // A keyspace this load created is dropped again when nothing could be loaded at all (a
    // misspelt file name leaves no empty keyspace behind, on disk either).
    if (created && db.keyspaces().includes(keyspace) && db.bucketStats(keyspace).itemCount === 0) await db.dropBucket(keyspace);
    const msg = err instanceof Error ? err.message : String(err);
    throw new CliError(msg.startsWith('cannot read') ? msg : `cannot load ${file} into ${keyspace}: ${msg}`);
  } finally {
    progress.stop();
  }
  const max = options.maxFailures ?? 20;
  for (const f of report.failures.slice(0, max)) {
    const own = f.source === file || (f.source === STDIN_SOURCE && options.allowStdin && file === '-');
    const where = f.line !== undefined ? (own ? `line ${f.line}` : `${f.source} line ${f.line}`) : f.source;
    process.stderr.write(`${where}: ${f.message}\n`);
  }
  if (report.failures.length > max) process.stderr.write(`… and ${report.failures.length - max} more failures\n`);
  if (!options.quiet) {
    const secs = ((performance.now() - started) / 1000).toFixed(2);
    (options.summaryStream ?? process.stderr).write(`loaded ${report.loaded} document${report.loaded === 1 ? '' : 's'} into ${keyspace} (${report.failures.length} failed) in ${secs} s\n`);
  }
  return report;
}
