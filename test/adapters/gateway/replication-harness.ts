/**
 * Test-only gateway for the replication tests: a fastify app from createHttpApp() with a tiny
 * `requirePrincipal` (basic auth against one fixed user, a `GatewaySession` cookie from a
 * session map with expiry times, the reference's 401 bodies), `GET /{db}/` and the document
 * routes, listening on 127.0.0.1 with a random port. The real server (src/adapters/gateway)
 * is not used, so that these tests depend on the GatewayDbContext contract only.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Database, type Value } from '../../../src/index.js';
import { createHttpApp, listen, sendJson, type Listener } from '../../../src/adapters/http/server.js';
import type { GatewayDbContext, Principal } from '../../../src/adapters/gateway/context.js';
import { documentInfo, registerDocumentRoutes } from '../../../src/adapters/gateway/docs/index.js';

export const DB = 'db';
export const BUCKET = 'travel';
export const USER = 'alice';
export const PASSWORD = 'letmein';
export const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const REALM = 'Basic realm="Couchbase Sync Gateway"';

export interface Harness {
  url: string;
  /** `${url}/${DB}` */
  dbUrl: string;
  db: Database;
  ctx: GatewayDbContext;
  /** Creates a session for USER valid for `ttlMs`; returns its id (the cookie value). */
  newSession(ttlMs?: number): string;
  /** Makes a session expire now. */
  expire(id: string): void;
  /** fetch on the gateway with basic credentials (unless `auth` is given: '' sends none). */
  call(method: string, path: string, body?: unknown, auth?: string): Promise<{ status: number; json: any; headers: Headers }>;
  close(): Promise<void>;
}

function unauthorized(reply: FastifyReply, reason: string, challenge: boolean): undefined {
  if (challenge) reply.header('WWW-Authenticate', REALM);
  sendJson(reply, 401, { error: 'Unauthorized', reason });
  return undefined;
}

/** Starts the test gateway on a database (a new in-memory one by default). */
export async function startHarness(db?: Database): Promise<Harness> {
  const database = db ?? (await Database.open());
  const sessions = new Map<string, number>();
  const requirePrincipal = async (request: FastifyRequest, reply: FastifyReply): Promise<Principal | undefined> => {
    const auth = request.headers.authorization;
    if (auth?.startsWith('Basic ')) {
      const text = Buffer.from(auth.slice(6), 'base64').toString('utf8');
      const colon = text.indexOf(':');
      if (text.slice(0, colon) === USER && text.slice(colon + 1) === PASSWORD) {
        request.logUser = USER;
        return { name: USER, via: 'basic' };
      }
      return unauthorized(reply, 'Invalid login', true);
    }
    const cookie = /(?:^|;\s*)GatewaySession=([^;]+)/.exec(request.headers.cookie ?? '');
    if (cookie) {
      const expiry = sessions.get(cookie[1]!);
      if (expiry !== undefined && expiry > Date.now()) return { name: USER, via: 'session' };
      return unauthorized(reply, 'Session Invalid', false);
    }
    return unauthorized(reply, 'Login required', true);
  };
  const ctx: GatewayDbContext = { db: database, dbName: DB, bucket: BUCKET, requirePrincipal, log: () => {} };
  const app = createHttpApp();
  app.get(`/${DB}/`, async (request, reply) => {
    const p = await ctx.requirePrincipal(request, reply);
    if (!p) return reply;
    const info = documentInfo(ctx);
    return sendJson(reply, 200, { db_name: DB, ...info, committed_update_seq: info.update_seq, state: 'Online' });
  });
  registerDocumentRoutes(app, ctx);
  const listener: Listener = await listen(app);
  const dbUrl = `${listener.url}/${DB}`;
  return {
    url: listener.url,
    dbUrl,
    db: database,
    ctx,
    newSession(ttlMs = 60_000) {
      const id = randomUUID().replace(/-/g, '');
      sessions.set(id, Date.now() + ttlMs);
      return id;
    },
    expire(id) {
      sessions.set(id, Date.now() - 1);
    },
    async call(method, path, body, auth = BASIC) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (auth) headers.Authorization = auth;
      const res = await fetch(`${dbUrl}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as Value) : undefined, headers: res.headers };
    },
    async close() {
      await listener.close();
      if (!db) await database.close();
    },
  };
}
