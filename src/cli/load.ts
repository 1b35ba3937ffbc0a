import { Command, Option } from 'commander';
import { CliError } from './cli-error.js';
import { addCommonOptions, collect, loadFile, openDatabase, type CommonOptions } from './preload.js';

/** Options of `tokenql load`. */
interface LoadCommandOptions extends CommonOptions {
  mode: 'upsert' | 'insert';
}

/** The `tokenql load` command. */
export function loadCommand(): Command {
  const cmd = new Command('load')
    .description('load documents from a file into a keyspace')
    .argument('<KEYSPACE>', 'keyspace to load into (created when missing)')
    .argument('<FILE>', 'JSON Lines (.jsonl), JSON array, directory of .json files or cbimport sample .zip; - reads JSON Lines or a JSON array from standard input')
    .addOption(
      new Option('--key <TEMPLATE>', 'cbimport key template of FILE: %field%, %a.b%, #UUID#, #MONO_INCR#, literal text (default: the file name for a .zip or directory, else the document number); KEYSPACE=TEMPLATE is the same for this KEYSPACE, and applies to a --load of another keyspace')
        .default([])
        .argParser(collect),
    )
    .addOption(new Option('--mode <MODE>', 'upsert replaces existing documents, insert reports them as failures').choices(['upsert', 'insert']).default('upsert'))
    .action(async (keyspace: string, file: string, opts: LoadCommandOptions) => {
      await runLoad(keyspace, file, opts);
    });
  addCommonOptions(cmd, false);
  cmd.addHelpText(
    'after',
    `
Bad lines are reported with their line numbers and the rest is loaded. Without --data the
database is in memory, so this checks a file and its key template; with --data DIR the
documents are stored there.
The exit code is 0 when documents were loaded (or the file was empty), 1 when the file cannot
be read or every document failed.

Examples:
  $ tokenql load product ../shared/datasets/product.jsonl --key %productId%_arrayIndex
  $ tokenql load travel ../shared/datasets/travel-sample.jsonl --key %type%_%id% --data ./db
  $ tokenql load beer ../shared/datasets/beer-sample.zip
  $ cat docs.jsonl | tokenql load docs - --key %id% --data ./db`,
  );
  return cmd;
}

/** Loads the file and prints `loaded N documents into KEYSPACE (M failed) in X s` on stdout. */
export async function runLoad(keyspace: string, file: string, opts: LoadCommandOptions): Promise<void> {
  // `--key` values naming a --load keyspace (`KS=TEMPLATE`) go to that load; the other one is FILE's template.
  const preloaded = new Set(opts.load.map((l) => l.slice(0, l.indexOf('='))));
  const forPreload = opts.key.filter((k) => preloaded.has(k.slice(0, k.indexOf('='))));
  // FILE's own template, also written KEYSPACE=TEMPLATE as the other commands take it.
  const own = opts.key.filter((k) => !forPreload.includes(k)).map((k) => (k.startsWith(`${keyspace}=`) ? k.slice(keyspace.length + 1) : k));
  if (own.length > 1) throw new CliError(`--key given ${own.length} times for ${file}: ${own.join(', ')}`);
  const { db } = await openDatabase({ ...opts, key: forPreload });
  try {
    const report = await loadFile(db, keyspace, file, { key: own[0], mode: opts.mode, summaryStream: process.stdout, allowStdin: true });
    if (report.loaded === 0 && report.failures.length > 0) process.exitCode = 1;
  } finally {
    await db.close();
  }
}
