import type { Backend } from './backend.js';
import { CliError } from './cli-error.js';
import { EmbeddedBackend } from './embedded-backend.js';
import type { CommonOptions, ServerOptions } from './options.js';
import { openDatabase } from './preload.js';
import { RemoteBackend } from './remote-backend.js';

/** The backend a command runs on, and what the embedded one loaded. */
export interface Connected {
  backend: Backend;
  /** Set when statements run in an embedded database (for `\load`). */
  embedded?: EmbeddedBackend;
  demoCount?: number;
}

/**
 * Opens where statements run: the query service of `--engine URL` (with `-u/-p`, `--credentials`),
 * else an embedded database (`--data`, `--demo`, `--load`).
 * @throws CliError when `--engine` is combined with the options of an embedded database
 */
export async function connect(opts: CommonOptions & ServerOptions): Promise<Connected> {
  if (opts.engine !== undefined) {
    const embeddedOnly = [opts.data !== undefined && '--data', opts.store !== undefined && '--store', opts.demo && '--demo', opts.load.length > 0 && '--load'].filter(Boolean);
    if (embeddedOnly.length) throw new CliError(`${embeddedOnly.join(', ')} cannot be used with --engine (they open an embedded database); load into a server with tokenql load --engine URL KEYSPACE FILE`);
    return { backend: new RemoteBackend(opts.engine, opts) };
  }
  if (opts.user !== undefined || opts.credentials !== undefined) throw new CliError('-u/--user and --credentials need --engine URL');
  const { db, demoCount } = await openDatabase(opts);
  const embedded = new EmbeddedBackend(db);
  return { backend: embedded, embedded, demoCount };
}
