/**
 * `tokenql fuzz`: runs the tokenql/testing properties for N seconds, in batches with fresh
 * seeds, against an in-memory database (or the keyspaces of a `--data` directory), with a
 * progress line on stderr. The first failure's shrunk counterexample (a N1QL script) is written
 * to `--out` and the exit code is 1.
 *
 *   tokenql fuzz --seconds 60 [--property plan] [--seed 7] [--out counterexample.n1ql] [--data DIR]
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { Command, Option } from 'commander';
import { Database } from '../index.js';
import {
  compactionPreservesResults,
  containsIffInTokens,
  CounterexampleError,
  indexMatchesScan,
  indexTargets,
  mutationsKeepIndexesExact,
  planUsesIndexIffOptionsEquivalent,
  runScenario,
  scenario,
} from '../testing/index.js';
import { CliError } from './cli-error.js';

type Prop = fc.IRawProperty<unknown, boolean>;
/** The properties by name: each makes a property and a batch size. */
const PROPERTIES: Record<string, (db?: Database, keyspace?: string) => Promise<[Prop, number]>> = {
  tokens: async () => [containsIffInTokens() as Prop, 200],
  plan: async () => [planUsesIndexIffOptionsEquivalent() as Prop, 40],
  scan: async () => [fc.asyncProperty(scenario(8), (s) => runScenario(s)) as Prop, 20],
  mutations: async () => [mutationsKeepIndexesExact() as Prop, 10],
  index: async (db, ks) => [indexMatchesScan(db!, ks!, { targets: await indexTargets(db!, ks!) }) as Prop, 40],
  compaction: async (db, ks) => [compactionPreservesResults(db!, ks!, { targets: await indexTargets(db!, ks!) }) as Prop, 10],
};
const IN_MEMORY = ['tokens', 'plan', 'scan', 'mutations'];
const ON_DATA = ['index', 'compaction'];

/** Appends a --property value. @throws CliError for an unknown name */
function addProperty(value: string, previous: string[]): string[] {
  if (!(value in PROPERTIES)) throw new CliError(`--property: unknown property ${JSON.stringify(value)} (known: ${Object.keys(PROPERTIES).join(', ')})`);
  return [...previous, value];
}

interface FuzzOptions {
  seconds: string;
  property: string[];
  seed?: string;
  out: string;
  data?: string;
}

/** The `tokenql fuzz` command. */
export function fuzzCommand(): Command {
  return new Command('fuzz')
    .description('run the property-based tests of tokenql/testing for a while and save any counterexample as a N1QL script')
    .option('--seconds <N>', 'how long to run', '30')
    .addOption(new Option('--property <NAME>', `a property to run; repeatable (default: ${IN_MEMORY.join(', ')}; with --data: ${ON_DATA.join(', ')})`).argParser(addProperty).default([]))
    .option('--seed <N>', 'first seed (default: random); batch i uses seed + i')
    .option('--out <FILE>', 'where to write the counterexample script', 'tokenql-counterexample.n1ql')
    .option('--data <DIR>', 'fuzz the keyspaces of this data directory (indexes vs scan, compaction)')
    .action(async (opts: FuzzOptions) => {
      await runFuzz(opts);
    });
}

/** Runs batches of every chosen property until the time is up or one fails. */
export async function runFuzz(opts: FuzzOptions): Promise<void> {
  const seconds = Number(opts.seconds);
  if (!(seconds > 0)) throw new CliError(`--seconds expects a positive number, got ${JSON.stringify(opts.seconds)}`);
  if (opts.seed !== undefined && !Number.isSafeInteger(Number(opts.seed))) throw new CliError(`--seed expects an integer, got ${JSON.stringify(opts.seed)}`);
  const names = opts.property.length ? opts.property : opts.data === undefined ? IN_MEMORY : ON_DATA;
  if (names.some((n) => ON_DATA.includes(n)) && opts.data === undefined) throw new CliError(`--property ${names.filter((n) => ON_DATA.includes(n)).join(', ')} needs --data DIR`);
  if (opts.data !== undefined && !existsSync(opts.data)) throw new CliError(`no data directory ${opts.data} (create one with: tokenql load KEYSPACE FILE --data ${opts.data})`);
  const db = opts.data === undefined ? undefined : await Database.open({ path: opts.data });
  const keyspaces = db ? db.keyspaces() : [undefined];
  if (db && keyspaces.length === 0 && names.some((n) => ON_DATA.includes(n))) {
    await db.close();
    throw new CliError(`no keyspaces in ${opts.data} to fuzz (load some with: tokenql load KEYSPACE FILE --data ${opts.data})`);
  }
  const targets: [string, Prop, number][] = [];
  for (const n of names) for (const ks of ON_DATA.includes(n) ? keyspaces : [undefined]) targets.push([ks ? `${n}:${ks}` : n, ...(await PROPERTIES[n](db, ks))]);
  let seed = opts.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(opts.seed);
  const deadline = Date.now() + seconds * 1000;
  const start = Date.now();
  let runs = 0;
  const tty = Boolean(process.stderr.isTTY);
  // On a terminal the line is rewritten after every batch; in a log, one line every 10 s.
  let printed = start;
  const progress = (final = false): void => {
    if (!tty && !final && Date.now() - printed < 10_000) return;
    printed = Date.now();
    const line = `fuzz: ${Math.round((Date.now() - start) / 1000)}s, ${runs} runs of ${targets.map(([n]) => n).join(', ')}, seed ${seed}`;
    // On a terminal each line replaces the last one (carriage return, erase the line), the final one too.
    process.stderr.write(tty ? `\r\x1b[2K${line}${final ? '\n' : ''}` : `${line}\n`);
  };
  try {
    for (let i = 0; Date.now() < deadline; i++) {
      const [name, prop, batch] = targets[i % targets.length];
      const r = await fc.check(prop, { numRuns: batch, seed: seed + i });
      runs += r.numRuns;
      if (r.failed) {
        const err = r.errorInstance;
        const script = err instanceof CounterexampleError ? err.script : `-- ${name}: ${String(err)}\n${fc.stringify(r.counterexample)}`;
        await writeFile(opts.out, script + '\n');
        progress(true);
        process.stderr.write(`fuzz: ${name} failed (seed ${seed + i}, path ${r.counterexamplePath}); counterexample written to ${opts.out}\n${String(err)}\n`);
        process.exitCode = 1;
        return;
      }
      progress();
    }
    progress(true);
    process.stderr.write(`fuzz: no counterexample in ${runs} runs\n`);
  } finally {
    await db?.close();
  }
}
