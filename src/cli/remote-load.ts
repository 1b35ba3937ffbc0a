import { QueryError, readDocuments, type KeySpec, type LoadFailure, type LoadProgress, type LoadReport, type Value } from '../index.js';
import type { Backend } from './backend.js';
import { CliError } from './cli-error.js';
import { credentialsOf, type RemoteBackend } from './remote-backend.js';
import type { ServerOptions } from './options.js';

/** Documents per statement of a remote load. */
export const REMOTE_BATCH = 500;

/** Options of {@link loadRemote}. */
export interface RemoteLoadOptions {
  key?: KeySpec;
  mode?: 'upsert' | 'insert';
  onProgress?: (p: LoadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Loads a file into a keyspace of a running server through its query service, in batches of
 * {@link REMOTE_BATCH} documents: `UPSERT INTO ks (KEY d.k, VALUE d.v) SELECT d FROM $docs AS d`
 * (INSERT with `--mode insert`; a batch that fails is retried document by document so that each
 * failure is reported with its line). Documents are read and keyed locally, as by `db.load`.
 * Stops between batches when `signal` aborts; `loaded` counts what the server stored.
 */
export async function loadRemote(backend: Backend, keyspace: string, source: string | NodeJS.ReadableStream, options: RemoteLoadOptions = {}): Promise<LoadReport> {
  const verb = options.mode === 'insert' ? 'INSERT' : 'UPSERT';
  const statement = `${verb} INTO \`${keyspace.replace(/`/g, '``')}\` (KEY d.k, VALUE d.v) SELECT d FROM $docs AS d`;
  const failures: LoadFailure[] = [];
  let loaded = 0;
  let last: LoadProgress = { loaded: 0, failed: 0 };
  let batch: { k: string; v: Value; source: string; line?: number }[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const docs = batch;
    batch = [];
    try {
      const r = await backend.run(statement, { named: { docs: docs.map(({ k, v }) => ({ k, v })) } });
      loaded += r.metrics.mutationCount ?? docs.length;
    } catch (err) {
      if (!(err instanceof QueryError) || docs.length === 1) {
        if (!(err instanceof QueryError)) throw err;
        failures.push({ source: docs[0]!.source, ...(docs[0]!.line !== undefined ? { line: docs[0]!.line } : {}), message: err.message });
        return;
      }
      for (const d of docs) {
        batch = [d];
        await flush();
      }
    }
    options.onProgress?.({ ...last, loaded, failed: failures.length });
  };
  const items = readDocuments(source as string, {
    key: options.key,
    onProgress: (p) => {
      last = p;
      options.onProgress?.({ ...p, loaded, failed: failures.length });
    },
  });
  for await (const item of items) {
    if (options.signal?.aborted) break;
    if (!item.ok) {
      failures.push({ source: item.source, ...(item.line !== undefined ? { line: item.line } : {}), message: item.message });
      continue;
    }
    batch.push({ k: item.key, v: item.value, source: item.source, ...(item.line !== undefined ? { line: item.line } : {}) });
    if (batch.length >= REMOTE_BATCH) await flush();
  }
  if (!options.signal?.aborted) await flush();
  return { loaded, failures };
}

/**
 * Creates the keyspace on the server unless it exists, through the cluster admin REST API
 * (`POST ADMIN/pools/default/buckets name=KS`; ADMIN is `--admin URL`, by default the engine's
 * host on port 8091), as the query service has no statement for it.
 */
export async function ensureRemoteKeyspace(backend: RemoteBackend, keyspace: string, opts: ServerOptions & { admin?: string }): Promise<boolean> {
  const existing = await backend.keyspaces();
  if (existing.some((k) => k.name === keyspace)) return false;
  const admin = new URL(opts.admin ?? backend.where);
  if (opts.admin === undefined) admin.port = '8091';
  const cred = credentialsOf(opts);
  let res: Response;
  try {
    res = await fetch(new URL('/pools/default/buckets', admin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cred ? { authorization: 'Basic ' + Buffer.from(`${cred.user}:${cred.password}`).toString('base64') } : {}) },
      body: new URLSearchParams({ name: keyspace }).toString(),
    });
  } catch (err) {
    throw new CliError(`keyspace ${keyspace} does not exist and the cluster admin API at ${admin.origin} cannot be reached to create it (give --admin URL): ${(err as { cause?: Error }).cause?.message ?? (err as Error).message}`);
  }
  if (res.status >= 300) throw new CliError(`cannot create keyspace ${keyspace} at ${admin.origin}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  return true;
}
