import { QueryError, type QueryProfile, type QueryResult, type Value } from '../index.js';
import { indexInfos, INDEXES_STATEMENT, keyspaceInfos, KEYSPACES_STATEMENT, type Backend, type IndexInfo, type KeyspaceInfo, type RunOptions } from './backend.js';
import { CliError } from './cli-error.js';
import type { ServerOptions } from './options.js';

/** The query service's answer (couchbase/query docs: "Query Service REST API", response body). */
interface ServiceResponse {
  results?: Value[];
  status?: string;
  errors?: { code: number; msg: string }[];
  warnings?: { code: number; msg: string }[];
  metrics?: Record<string, string | number>;
  profile?: QueryProfile;
}

/** Milliseconds of a Go duration string as the service prints it (`12.3ms`, `1.5s`, `1m2s`, `800µs`); 0 when unreadable. */
export function durationMs(text: string | number | undefined): number {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string') return 0;
  const unit: Record<string, number> = { h: 3600e3, m: 60e3, s: 1e3, ms: 1, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ns: 1e-6 };
  let ms = 0;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)(ms|us|µs|μs|ns|h|m|s)/g)) ms += Number(m[1]) * unit[m[2]]!;
  return ms;
}

/** User and password from `-u/-p`, `--credentials USER:PASS[,…]` or `$CB_PASSWORD`. */
export function credentialsOf(opts: ServerOptions): { user: string; password: string } | undefined {
  if (opts.credentials) {
    const first = opts.credentials.split(',')[0]!;
    const i = first.indexOf(':');
    if (i <= 0) throw new CliError('--credentials expects USER:PASSWORD');
    return { user: first.slice(0, i), password: first.slice(i + 1) };
  }
  if (opts.user === undefined) {
    if (opts.password !== undefined) throw new CliError('--password needs --user');
    return undefined;
  }
  const password = opts.password ?? process.env.CB_PASSWORD;
  if (password === undefined) throw new CliError(`no password for ${opts.user}: give -p PASSWORD or set CB_PASSWORD`);
  return { user: opts.user, password };
}

/**
 * A {@link Backend} that runs statements through the query service of a running `tokenql serve`
 * (or any N1QL query service): `POST URL/query/service` with a JSON body `{statement, args,
 * $name…, timeout}` and HTTP basic authentication. Errors of the service come back as QueryError
 * with the service's code and message; a cancelled statement aborts its request.
 */
export class RemoteBackend implements Backend {
  readonly where: string;
  private readonly endpoint: string;
  private readonly auth?: string;

  constructor(engine: string, opts: ServerOptions) {
    let url: URL;
    try {
      url = new URL(/^\w+:\/\//.test(engine) ? engine : `http://${engine}`);
    } catch {
      throw new CliError(`--engine expects a URL such as http://127.0.0.1:8093, got ${JSON.stringify(engine)}`);
    }
    if (url.protocol === 'couchbase:' || url.protocol === 'couchbases:') throw new CliError('couchbase:// engine URLs are not supported; give the query service URL (http://HOST:8093)');
    this.where = url.origin;
    this.endpoint = new URL('/query/service', url).href;
    const cred = credentialsOf(opts);
    if (cred) this.auth = 'Basic ' + Buffer.from(`${cred.user}:${cred.password}`).toString('base64');
    // Node's fetch has no per-request switch for certificate checks; this is the process-wide one.
    if (opts.sslVerify === false) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  }

  async run(statement: string, options: RunOptions = {}): Promise<QueryResult> {
    const body: Record<string, Value> = { statement };
    if (options.positional) body.args = options.positional;
    for (const [k, v] of Object.entries(options.named ?? {})) body[`$${k}`] = v;
    if (options.timeoutMs !== undefined) body.timeout = `${options.timeoutMs}ms`;
    if (options.profile) body.profile = options.profile;
    if (options.txid) body.txid = options.txid;
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.auth ? { authorization: this.auth } : {}) },
        body: JSON.stringify(body),
        signal: options.signal,
      });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      throw new CliError(`cannot reach ${this.where}: ${(err as { cause?: Error }).cause?.message ?? (err as Error).message}`);
    }
    const text = await response.text();
    let answer: ServiceResponse;
    try {
      answer = JSON.parse(text) as ServiceResponse;
    } catch {
      throw new CliError(`${this.where} answered HTTP ${response.status} without a query service response: ${text.slice(0, 200)}`);
    }
    if (answer.errors?.length) {
      const e = answer.errors[0]!;
      throw new QueryError({ code: e.code, phase: 'service', message: e.msg });
    }
    const m = answer.metrics ?? {};
    const results = answer.results ?? [];
    return {
      results,
      ...(answer.profile ? { profile: answer.profile } : {}),
      warnings: answer.warnings ?? [],
      metrics: {
        elapsedTime: durationMs(m.elapsedTime) || performance.now() - started,
        executionTime: durationMs(m.executionTime),
        resultCount: typeof m.resultCount === 'number' ? m.resultCount : results.length,
        resultSize: typeof m.resultSize === 'number' ? m.resultSize : 0,
        ...(typeof m.mutationCount === 'number' ? { mutationCount: m.mutationCount } : {}),
      },
    };
  }

  async keyspaces(): Promise<KeyspaceInfo[]> {
    return keyspaceInfos((await this.run(KEYSPACES_STATEMENT)).results);
  }

  async indexes(keyspace?: string): Promise<IndexInfo[]> {
    const all = indexInfos((await this.run(INDEXES_STATEMENT)).results);
    return keyspace === undefined ? all : all.filter((i) => i.keyspace === keyspace);
  }

  async close(): Promise<void> {}
}
