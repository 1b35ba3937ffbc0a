import { writeFileSync } from 'node:fs';
import { Database, type KeySpec, type LoadFailure, type LoadProgress, type LoadReport, type Value } from '../index.js';
import { DEMO_KEYSPACE, generateDemoDocuments } from '../index.js';
import { STDIN_SOURCE } from '../load/index.js';
import { CliError } from './cli-error.js';
import { parseAssignment, storeOpenOptions, type CommonOptions } from './options.js';
import { createProgress } from './progress.js';
import type { RemoteBackend } from './remote-backend.js';
import { ensureRemoteKeyspace, loadRemote } from './remote-load.js';
import { sampleIndexStatements } from './sample-indexes.js';
import type { ServerOptions } from './options.js';

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
  const db = await Database.open(storeOpenOptions(opts));
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
  /** Every failure is written to this file, one `source line N: message` per line (`--error-log`). */
  errorLog?: string;
  /** Do not apply a sample zip's index definitions (`--no-indexes`). */
  noIndexes?: boolean;
  /** Load through a running server instead of `db` (`tokenql load --engine`). */
  remote?: { backend: RemoteBackend; options: ServerOptions & { admin?: string } };
  /** The embedded database is in memory (said when a load is interrupted). */
  inMemory?: boolean;
  /** Ctrl-C stops the load, restores the terminal and reports what was stored (`tokenql load`). */
  interruptible?: boolean;
}

/**
 * Loads one file into a keyspace with a progress bar on a terminal, lists failures on stderr as
 * `line 17: message` (or `source: message`), and prints `loaded N documents into KS (M failed) in X s`.
 * A cbimport sample zip's index definitions are applied after it (cbimport's behaviour) unless
 * `noIndexes`. With `interruptible`, Ctrl-C stops the bar (the cursor comes back), says how many
 * documents were stored and ends the process with exit code 130.
 * @throws CliError `cannot read FILE: …` when the file cannot be read at all
 */
export async function loadFile(db: Database | undefined, keyspace: string, file: string, options: LoadFileOptions = {}): Promise<LoadReport> {
  const started = performance.now();
  const progress = createProgress(keyspace);
  const remote = options.remote;
  let created = false;
  let report: LoadReport;
  let stored = 0;
  const controller = new AbortController();
  const onSigint = () => {
    progress.stop();
    controller.abort();
    process.stderr.write(`\ninterrupted: ${stored} document${stored === 1 ? '' : 's'} stored in ${keyspace}${options.inMemory ? ' (in memory, not kept)' : ''}\n`);
    process.exitCode = 130;
    if (!remote) {
      // The embedded load cannot be stopped halfway: close the store and leave.
      const timer = setTimeout(() => process.exit(130), 5000);
      void (db?.close() ?? Promise.resolve()).finally(() => {
        clearTimeout(timer);
        process.exit(130);
      });
    }
  };
  if (options.interruptible) process.once('SIGINT', onSigint);
  const onProgress = (p: LoadProgress) => {
    stored = p.loaded;
    progress.update(p);
  };
  try {
    const source = options.allowStdin && file === '-' ? process.stdin : file;
    if (source === process.stdin && process.stdin.isTTY) process.stderr.write('reading documents from standard input (JSON Lines or a JSON array; end with Ctrl-D)\n');
    if (remote) {
      created = await ensureRemoteKeyspace(remote.backend, keyspace, remote.options);
      report = await loadRemote(remote.backend, keyspace, source, { key: options.key, mode: options.mode, onProgress, signal: controller.signal });
    } else {
      created = !db!.keyspaces().includes(keyspace);
      await ensureKeyspace(db!, keyspace);
      report = await db!.load(keyspace, source, { key: options.key, mode: options.mode, onProgress });
    }
  } catch (err) {
    // A keyspace this load created is dropped again when nothing could be loaded at all (a
    // misspelt file name leaves no empty keyspace behind, on disk either).
    if (!remote && created && db!.keyspaces().includes(keyspace) && db!.bucketStats(keyspace).itemCount === 0) await db!.dropBucket(keyspace);
    const msg = err instanceof Error ? err.message : String(err);
    if (err instanceof CliError) throw err;
    throw new CliError(msg.startsWith('cannot read') ? msg : `cannot load ${file} into ${keyspace}: ${msg}`);
  } finally {
    progress.stop();
    process.off('SIGINT', onSigint);
  }
  const max = options.maxFailures ?? 20;
  const where = (f: LoadFailure): string => {
    const own = f.source === file || (f.source === STDIN_SOURCE && options.allowStdin && file === '-');
    return f.line !== undefined ? (own ? `line ${f.line}` : `${f.source} line ${f.line}`) : f.source;
  };
  for (const f of report.failures.slice(0, max)) process.stderr.write(`${where(f)}: ${f.message}\n`);
  if (report.failures.length > max) process.stderr.write(`… and ${report.failures.length - max} more failures${options.errorLog ? ` (all in ${options.errorLog})` : ' (--error-log FILE keeps them all)'}\n`);
  if (options.errorLog) {
    try {
      writeFileSync(options.errorLog, report.failures.map((f) => `${f.source}${f.line !== undefined ? ` line ${f.line}` : ''}: ${f.message}\n`).join(''));
    } catch (err) {
      throw new CliError(`cannot write ${options.errorLog}: ${(err as Error).message}`);
    }
  }
  if (controller.signal.aborted) {
    process.stderr.write(`stopped: ${report.loaded} document${report.loaded === 1 ? '' : 's'} stored in ${keyspace}\n`);
    return report;
  }
  let indexes = '';
  if (file.toLowerCase().endsWith('.zip') && !options.noIndexes && report.loaded > 0) {
    const statements = await sampleIndexStatements(file, keyspace);
    for (const raw of statements) {
      // BUILD INDEX … USING GSI: the engine's BUILD INDEX takes no USING clause (GSI is its only kind).
      const statement = raw.replace(/^(\s*BUILD\s+INDEX\b[\s\S]*?)\s+USING\s+GSI\s*$/i, '$1');
      try {
        if (remote) await remote.backend.run(statement);
        else await db!.query(statement);
      } catch (err) {
        process.stderr.write(`index definition of ${file} not applied: ${statement}: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
    if (statements.length) indexes = `, ${statements.length} index statement${statements.length === 1 ? '' : 's'} applied`;
  }
  if (!options.quiet) {
    const secs = ((performance.now() - started) / 1000).toFixed(2);
    (options.summaryStream ?? process.stderr).write(`loaded ${report.loaded} document${report.loaded === 1 ? '' : 's'} into ${keyspace} (${report.failures.length} failed${indexes}) in ${secs} s\n`);
  }
  return report;
}
