import { Command, Option } from 'commander';
import { CliError } from './cli-error.js';
import { addCommonOptions, addServerOptions, collect, type CommonOptions, type ServerOptions } from './options.js';

/** Options of `tokenql load`. */
interface LoadCommandOptions extends CommonOptions, ServerOptions {
  mode: 'upsert' | 'insert';
  errorLog?: string;
  /** false with `--no-indexes`. */
  indexes: boolean;
  admin?: string;
}

/** The `tokenql load` command. */
export function loadCommand(): Command {
  const cmd = new Command('load')
    .description('load documents from a file into a keyspace (embedded, or into a running server with --engine)')
    .argument('<KEYSPACE>', 'keyspace to load into (created when missing)')
    .argument('<FILE>', 'JSON Lines (.jsonl), JSON array, directory of .json files or cbimport sample .zip; - reads JSON Lines or a JSON array from standard input')
    .addOption(
      new Option('--key <TEMPLATE>', 'cbimport key template of FILE: %field%, %a.b%, #UUID#, #MONO_INCR#, literal text (default: the file name for a .zip or directory, else the document number); KEYSPACE=TEMPLATE is the same for this KEYSPACE, and applies to a --load of another keyspace')
        .default([])
        .argParser(collect),
    )
    .addOption(new Option('--mode <MODE>', 'upsert replaces existing documents, insert reports them as failures').choices(['upsert', 'insert']).default('upsert'))
    .option('--error-log <FILE>', 'write every failure (source, line, message) to FILE (cbimport -e)')
    .option('--no-indexes', "do not apply a sample zip's index definitions (design_docs/indexes.json)")
    .option('--admin <URL>', 'with --engine: the cluster admin API that creates a missing keyspace (default: the engine host, port 8091)')
    .action(async (keyspace: string, file: string, opts: LoadCommandOptions) => {
      await runLoad(keyspace, file, opts);
    });
  addServerOptions(cmd, false);
  addCommonOptions(cmd, false);
  cmd.addHelpText(
    'after',
    `
Bad lines are reported with their line numbers (the first 20; --error-log keeps all) and the
rest is loaded. Without --data the database is in memory, so this checks a file and its key
template; with --data DIR the documents are stored there; with --engine URL they go to a
running tokenql serve through its query service (in batches of 500).
A cbimport sample .zip's index definitions are applied after its documents, as cbimport does.
Ctrl-C stops the load and says how many documents were stored.
Exit codes: 0 when documents were loaded (or the file was empty), 1 when the file cannot be
read or every document failed, 130 when interrupted.

Examples:
  $ tokenql load product ../shared/datasets/product.jsonl --key %productId%_arrayIndex
  $ tokenql load travel ../shared/datasets/travel-sample.jsonl --key %type%_%id% --data ./db
  $ tokenql load beer ../shared/datasets/beer-sample.zip --error-log beer-errors.txt
  $ tokenql load travel travel.jsonl --key %type%_%id% --engine http://127.0.0.1:8093 -u Administrator -p password
  $ cat docs.jsonl | tokenql load docs - --key %id% --data ./db`,
  );
  return cmd;
}

/** Loads the file and prints `loaded N documents into KEYSPACE (M failed) in X s` on stdout. */
export async function runLoad(keyspace: string, file: string, opts: LoadCommandOptions): Promise<void> {
  const { connect } = await import('./connect.js');
  const { loadFile } = await import('./preload.js');
  const { RemoteBackend } = await import('./remote-backend.js');
  // `--key` values naming a --load keyspace (`KS=TEMPLATE`) go to that load; the other one is FILE's template.
  const preloaded = new Set(opts.load.map((l) => l.slice(0, l.indexOf('='))));
  const forPreload = opts.key.filter((k) => preloaded.has(k.slice(0, k.indexOf('='))));
  // FILE's own template, also written KEYSPACE=TEMPLATE as the other commands take it.
  const own = opts.key.filter((k) => !forPreload.includes(k)).map((k) => (k.startsWith(`${keyspace}=`) ? k.slice(keyspace.length + 1) : k));
  if (own.length > 1) throw new CliError(`--key given ${own.length} times for ${file}: ${own.join(', ')}`);
  const { backend, embedded } = await connect({ ...opts, key: forPreload });
  const common = {
    key: own[0],
    mode: opts.mode,
    summaryStream: process.stdout,
    allowStdin: true,
    errorLog: opts.errorLog,
    noIndexes: !opts.indexes,
    interruptible: true,
    inMemory: opts.data === undefined && opts.store === undefined,
  };
  try {
    const report =
      backend instanceof RemoteBackend
        ? await loadFile(undefined, keyspace, file, { ...common, remote: { backend, options: opts } })
        : await loadFile(embedded!.db, keyspace, file, common);
    if (report.loaded === 0 && report.failures.length > 0 && !process.exitCode) process.exitCode = 1;
  } finally {
    await backend.close();
  }
}
