import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { startClusterAdmin } from '../adapters/cluster/index.js';
import type { LogLevel } from '../adapters/http/server.js';
import { startQueryService } from '../adapters/query/index.js';
import { parseDuration } from '../adapters/query/request-params.js';
import { startGateway } from '../adapters/gateway/index.js';
import { documentInfo, registerDocumentRoutes } from '../adapters/gateway/docs/index.js';
import { Database } from '../index.js';
import { CliError } from './cli-error.js';
import { startGatewayThread } from './gateway-thread.js';
import { storeOpenOptions } from './options.js';

const LEVELS: LogLevel[] = ['error', 'warn', 'info', 'debug'];

/** The `--config FILE` shape (every key optional; command-line flags win). */
interface ServeConfig {
  /** A gateway configuration (spec gateway-reference.md): when present, the gateway listeners start too. */
  databases?: Record<string, unknown>;
  /** The gateway's listeners (with `databases`). */
  interface?: string;
  adminInterface?: string;
  host?: string;
  adminPort?: number;
  queryPort?: number;
  capiPort?: number;
  admin?: { user?: string; password?: string };
  logLevel?: LogLevel;
  /** Default and largest `timeout` of a query service request, e.g. "2m" (default "10m"; "0" = none). */
  queryTimeout?: string;
  /** Memory all query requests may hold together, in MB (default 1024; 0 = none). */
  queryMemoryQuota?: number;
}

function readConfig(path: string | undefined): ServeConfig {
  if (!path) return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${path}: ${(err as Error).message}`);
  }
  try {
    const c = JSON.parse(text) as ServeConfig;
    if (c === null || typeof c !== 'object') throw new Error('expected a JSON object');
    return c;
  } catch (err) {
    throw new CliError(`${path}: ${(err as Error).message}`);
  }
}

function duration(v: string): number {
  const ms = parseDuration(v);
  if (ms === undefined) throw new CliError(`not a duration (e.g. 500ms, 30s, 10m): ${v}`);
  return ms;
}

function megabytes(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`not a number of MB: ${v}`);
  return n;
}

/** Defaults of the query service's limits (docs/security.md). */
export const DEFAULT_QUERY_TIMEOUT = '10m';
export const DEFAULT_QUERY_MEMORY_QUOTA_MB = 1024;

function port(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new CliError(`not a port number: ${v}`);
  return n;
}

/**
 * `tokenql serve`: opens the database (`--data DIR`, durable; in memory without it) and starts the
 * cluster admin listener (default 127.0.0.1:8091, with the query workbench at `/ui/`,
 * docs/workbench.md) and the N1QL query service (8093). Logs one
 * line per request at `--log-level`; SIGINT/SIGTERM stop the listeners (running compactions are
 * cancelled) and close the database.
 */
export function serveCommand(): Command {
  return new Command('serve')
    .description('run the cluster admin REST API (compaction, buckets, users) with the query workbench at /ui/, the legacy views (CAPI) listener and the N1QL query service; with a gateway configuration in --config, the gateway too')
    .option('--data <DIR>', 'data directory of the durable store (default: in memory, lost on exit)')
    .option('--store <URL>', 'the PostgreSQL store: a postgres://user@host:port/database URL (docs/postgres.md); instead of --data')
    .option('--host <ADDRESS>', 'address to listen on (default: "127.0.0.1")')
    .option('--admin-port <PORT>', 'cluster admin REST port (default: 8091)', port)
    .option('--query-port <PORT>', 'N1QL query service port (default: 8093)', port)
    .option('--capi-port <PORT>', 'legacy views (CAPI) port for _spatial/_compact (default: 8092)', port)
    .option('--admin-user <NAME>', 'the first administrator (Full Admin)')
    .option('--admin-password <PASSWORD>', 'password of --admin-user (stored only as a salted scrypt hash)')
    .option('--config <FILE>', 'JSON file with host, adminPort, queryPort, capiPort, admin {user, password}, logLevel; with `databases` (and interface, adminInterface: a gateway configuration) the gateway listeners start too; flags win over the file')
    .option('--query-timeout <DURATION>', `default and largest timeout of a query service request (default: "${DEFAULT_QUERY_TIMEOUT}"; "0" = none)`, duration)
    .option('--query-memory-quota <MB>', `memory all query requests may hold together, and a request's largest memory_quota (default: ${DEFAULT_QUERY_MEMORY_QUOTA_MB}; 0 = none)`, megabytes)
    .option('--no-gateway-thread', 'with --store: run the gateway on the main thread, beside the query service (by default it runs on a thread of its own, as one more query node of the store)')
    .addOption(new Option('--log-level <LEVEL>', 'request log level (default: "info")').choices(LEVELS))
    .addHelpText('after', '\nExample:\n  $ tokenql serve --data ./data --admin-user Administrator --admin-password password\n  $ curl -u Administrator:password http://127.0.0.1:8091/settings/autoCompaction\n  (query workbench: http://127.0.0.1:8091/ui/)')
    .action(async (opts: { data?: string; store?: string; host?: string; adminPort?: number; queryPort?: number; capiPort?: number; adminUser?: string; adminPassword?: string; config?: string; logLevel?: LogLevel; queryTimeout?: number; queryMemoryQuota?: number; gatewayThread?: boolean }) => {
      const config = readConfig(opts.config);
      const user = opts.adminUser ?? config.admin?.user;
      const password = opts.adminPassword ?? config.admin?.password;
      if ((user === undefined) !== (password === undefined)) throw new CliError('--admin-user and --admin-password go together');
      const level = opts.logLevel ?? config.logLevel ?? 'info';
      if (!LEVELS.includes(level)) throw new CliError(`${opts.config}: logLevel must be one of ${LEVELS.join(', ')}`);
      const threshold = LEVELS.indexOf(level);
      const log = (line: string, level: LogLevel = 'info') => {
        if (LEVELS.indexOf(level) <= threshold) process.stderr.write(`${new Date().toISOString()} ${level} ${line}\n`);
      };
      const host = opts.host ?? config.host ?? '127.0.0.1';
      const db = await Database.open(storeOpenOptions(opts));
      // What has started, stopped again if a later listener cannot start (a port in use): the
      // command then exits with the error instead of hanging with half its listeners open.
      const started: { close(): Promise<void> }[] = [];
      const stopAll = async () => {
        await Promise.allSettled(started.map((l) => l.close()));
        await db.close();
      };
      let admin: Awaited<ReturnType<typeof startClusterAdmin>>;
      let query: Awaited<ReturnType<typeof startQueryService>>;
      let gateway: { publicUrl: string; adminUrl: string; close(): Promise<void> } | undefined;
      try {
        admin = await startClusterAdmin(db, {
          host,
          port: opts.adminPort ?? config.adminPort ?? 8091,
          capiPort: opts.capiPort ?? config.capiPort ?? 8092,
          admin: user !== undefined ? { user, password: password! } : undefined,
          log: (line) => log(line),
          // The query workbench at /ui/, with the query service's limits.
          workbench: {
            timeoutMs: opts.queryTimeout ?? duration(config.queryTimeout ?? DEFAULT_QUERY_TIMEOUT),
            memoryQuotaBytes: (opts.queryMemoryQuota ?? config.queryMemoryQuota ?? DEFAULT_QUERY_MEMORY_QUOTA_MB) * 1024 * 1024,
          },
        });
        started.push(admin);
        // The query service accepts the cluster's users once there is one (given now, or stored by
        // an earlier run); before that it is open on loopback.
        query = await startQueryService(db, {
          host,
          port: opts.queryPort ?? config.queryPort ?? 8093,
          log,
          requestLogLevel: 'info',
          principal: (authorization, address) => admin.queryPrincipal(authorization, address),
          required: () => admin.hasUsers(),
          timeoutMs: opts.queryTimeout ?? duration(config.queryTimeout ?? DEFAULT_QUERY_TIMEOUT),
          memoryQuotaBytes: (opts.queryMemoryQuota ?? config.queryMemoryQuota ?? DEFAULT_QUERY_MEMORY_QUOTA_MB) * 1024 * 1024,
        });
        started.push(query);
        log(`cluster admin listening on ${admin.url}${admin.capiUrl ? `, views (CAPI) on ${admin.capiUrl}` : ''}`);
        // `databases` (with the gateway's own keys) is a gateway configuration: its listeners serve this database.
        if (config.databases) {
          const { databases, interface: pub, adminInterface } = config;
          const gatewayConfig = { databases, ...(pub !== undefined ? { interface: pub } : {}), ...(adminInterface !== undefined ? { adminInterface } : {}) };
          if (opts.store && opts.gatewayThread !== false) {
            // On the PostgreSQL store the gateway runs on a thread of its own, its databases one
            // more query node of the store: no statement of the query service delays it.
            const store = opts.store;
            const onStore = Object.fromEntries(Object.entries(databases).map(([name, d]) => [name, { ...(d as object), server: store }]));
            gateway = await startGatewayThread({ ...gatewayConfig, databases: onStore }, (line, lvl) => log(line, lvl));
          } else {
            gateway = await startGateway({ config: gatewayConfig, db, log: (line, lvl) => log(line, lvl), registerDocumentRoutes, documentInfo });
          }
          started.push(gateway);
          log(`gateway public API on ${gateway.publicUrl}, admin API on ${gateway.adminUrl}${opts.store && opts.gatewayThread !== false ? ' (on its own thread)' : ''}`);
        }
      } catch (err) {
        await stopAll();
        throw new CliError((err as Error).message);
      }
      log(`query service listening on ${query.url}; query workbench on ${admin.url}/ui/`);
      // The signal handlers go in before the line that tells a supervisor the server is up, so
      // that a SIGTERM sent as soon as it reads that line still shuts down cleanly.
      const stopped = new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      process.stdout.write(
        `tokenql serving: admin ${admin.url}, query ${query.url}${gateway ? `, gateway ${gateway.publicUrl} (admin ${gateway.adminUrl})` : ''}${opts.data ? `, data ${opts.data}` : opts.store ? `, store ${opts.store.replace(/\/\/[^@/]*@/, '//…@')}` : ' (in memory)'}\n`,
      );
      await stopped;
      log('shutting down');
      await stopAll();
      process.stdout.write('tokenql stopped\n');
    });
}
