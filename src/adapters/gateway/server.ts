/**
 * The gateway server (DESIGN §6; spec gateway-reference.md §3, §6): a public listener (default
 * `:4984`) and an admin listener (default `127.0.0.1:4985`), one {@link GatewayDatabase} per
 * configured database, the document routes registered by `options.registerDocumentRoutes`
 * with each database's {@link GatewayDbContext}. Log lines never carry a password, a token or a
 * session id (session ids in admin paths are masked).
 */
import type { FastifyInstance } from 'fastify';
import { Database, isPostgresUrl } from '../../index.js';
import { createHttpApp, listen, sendJson, type Listener, type LogLevel } from '../http/server.js';
import { principalGuard } from './auth.js';
import { registerAdminRoutes } from './admin-routes.js';
import { loadGatewayConfig, parseGatewayConfig, parseInterface, type GatewayConfig } from './config.js';
import type { GatewayDbContext } from './context.js';
import type { OidcOptions } from './oidc.js';
import { publicNotFound, registerPublicRoutes } from './public-routes.js';
import { methodNotAllowed, rejectEmptyParams } from './routing.js';
import { GatewayDatabase } from './runtime.js';
import { errorBody, sendError } from './wire.js';

/** Largest request body, in bytes: Couchbase Server's largest document (20 MiB). */
const MAX_BODY_BYTES = 20 << 20;

/**
 * Longest path parameter the router matches: more than a request line can hold (Node answers
 * 431 past 16 KiB of headers by default), so a long user name or document id reaches its route,
 * which answers as the reference does (404 `missing`, 400 `invalid name: length exceeds 239`),
 * instead of the router's 400 echoing the URL.
 */
const MAX_PARAM_LENGTH = 1 << 16;

export interface GatewayOptions {
  /** A validated configuration, a raw parsed one, or the path of a configuration file. */
  config: GatewayConfig | Record<string, unknown> | string;
  /** The store of every database; omitted: `Database.open` of each distinct `server` (a data directory, or a `postgres://` URL: `{ store: server }`). */
  db?: Database;
  /** Receives log lines (no passwords, tokens or session ids). */
  log?: (line: string, level: LogLevel) => void;
  /** Milliseconds since the epoch (sessions, ID tokens, login limiter); default `Date.now`. */
  clock?: () => number;
  /** Registers the document routes of one database on the public listener. */
  registerDocumentRoutes?: (app: FastifyInstance, ctx: GatewayDbContext) => void;
  /** The document module's counts for `GET /{db}/` (`update_seq` matching `_changes`' sequences). */
  documentInfo?: (ctx: GatewayDbContext) => { update_seq: number; doc_count: number; doc_del_count: number };
  /** Overrides of the interfaces of the configuration (e.g. `127.0.0.1:0` in tests). */
  interface?: string;
  adminInterface?: string;
  oidc?: OidcOptions;
}

export interface Gateway {
  publicUrl: string;
  adminUrl: string;
  /** The databases by name (for tests and the CLI). */
  databases: Map<string, GatewayDatabase>;
  close(): Promise<void>;
}

/** Masks 40-hex-char session ids and the values of `GatewaySession`-like cookies in a log line. */
export function redact(line: string): string {
  return line.replace(/\b[0-9a-f]{40}\b/g, '<session>');
}

function resolveConfig(c: GatewayOptions['config']): GatewayConfig {
  if (typeof c === 'string') return loadGatewayConfig(c);
  if (Array.isArray((c as GatewayConfig).databases)) return c as GatewayConfig;
  return parseGatewayConfig(c);
}

const LOOPBACK = /^(127\.|::1$|localhost$)/;

/** Starts the gateway's listeners for every configured database. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const config = resolveConfig(options.config);
  const emit = options.log ?? (() => {});
  const log = (line: string, level: LogLevel = 'info') => emit(redact(line), level);
  const clock = options.clock ?? Date.now;
  /** The databases this gateway opened itself, by data directory (closed with it). */
  const stores = new Map<string, Database>();
  const dbs = new Map<string, GatewayDatabase>();
  const listeners: Listener[] = [];
  const closeAll = async () => {
    await Promise.allSettled(listeners.map((l) => l.close()));
    await Promise.allSettled([...stores.values()].map((d) => d.close()));
  };
  try {
    for (const cfg of config.databases) {
      let db = options.db;
      if (!db) {
        if (!cfg.server) throw new Error(`gateway config: databases.${cfg.name}.server: is required (the tokenql data directory)`);
        db = stores.get(cfg.server);
        if (!db) {
          // A postgres:// URL: the PostgreSQL store, which several gateways (query nodes) may share (docs/postgres.md).
          db = await Database.open(isPostgresUrl(cfg.server) ? { store: cfg.server } : { path: cfg.server });
          stores.set(cfg.server, db);
        }
      }
      const gdb = new GatewayDatabase(cfg, db, clock, (l) => log(l), options.oidc);
      await gdb.init();
      dbs.set(cfg.name, gdb);
    }

    // Bodies up to Couchbase's largest document (20 MiB), so that a document or a batch of
    // documents is not refused for its size alone; errors no route answers get the reference's
    // body; JSON answers carry exactly `Content-Type: application/json` (§0).
    const http = { log, bodyLimit: MAX_BODY_BYTES, maxParamLength: MAX_PARAM_LENGTH, errorBody, contentTypes: { json: 'application/json' } };
    const pub = createHttpApp(http);
    rejectEmptyParams(pub);
    pub.get('/', (_req, reply) => sendJson(reply, 200, { couchdb: 'Welcome', vendor: { name: 'tokenql gateway', version: '0.1' }, version: 'tokenql gateway/0.1' }));
    for (const gdb of dbs.values()) {
      const requirePrincipal = principalGuard(gdb);
      registerPublicRoutes(pub, gdb, requirePrincipal);
      const ctx: GatewayDbContext = { db: gdb.db, dbName: gdb.name, bucket: gdb.cfg.bucket, requirePrincipal, log: (l) => log(`db ${gdb.name}: ${l}`) };
      options.registerDocumentRoutes?.(pub, ctx);
      if (options.documentInfo) gdb.documentInfo = () => options.documentInfo!(ctx);
    }
    // A known path with another method is 405 before authentication, as the reference's router.
    const unknownPublic = publicNotFound(dbs);
    pub.setNotFoundHandler((request, reply) => (methodNotAllowed(pub, request, reply) ? reply : unknownPublic(request, reply)));

    const admin = createHttpApp(http);
    rejectEmptyParams(admin);
    admin.get('/', (_req, reply) => sendJson(reply, 200, { ADMIN: true, couchdb: 'Welcome', vendor: { name: 'tokenql gateway', version: '0.1' } }));
    registerAdminRoutes(admin, dbs);
    admin.setNotFoundHandler((request, reply) => (methodNotAllowed(admin, request, reply) ? reply : sendError(reply, 404, 'unknown URL')));

    const p = parseInterface(options.interface ?? config.interface, 'interface');
    const a = parseInterface(options.adminInterface ?? config.adminInterface, 'adminInterface');
    if (!LOOPBACK.test(a.host)) log(`the admin API (no authentication) is bound to ${a.host}, not a loopback address`, 'warn');
    const pubListener = await listen(pub, p.host, p.port);
    listeners.push(pubListener);
    const adminListener = await listen(admin, a.host, a.port);
    listeners.push(adminListener);
    log(`gateway public API on ${pubListener.url}, admin API on ${adminListener.url}, databases: ${[...dbs.keys()].join(', ')}`);
    return { publicUrl: pubListener.url, adminUrl: adminListener.url, databases: dbs, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
