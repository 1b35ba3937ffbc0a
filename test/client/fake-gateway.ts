/**
 * TEST DOUBLE of the remote gateway protocol, for the client tests and the gateway benchmark:
 * a small CouchDB-replication-protocol server (real HTTP on loopback) implementing only what
 * `tokenql/client` and the custom-auth example use. It is not the product's gateway
 * (src/adapters/gateway/); the lead re-points these tests at the real one later.
 *
 * Public API: `GET /{db}/`, `GET|PUT /{db}/{docid}`, `_changes` (normal, longpoll), `_bulk_get`,
 * `_revs_diff`, `_bulk_docs` (new_edits), `GET|PUT _local/{id}`, `POST /{db}/_session` (basic,
 * JSON body, Bearer). Auth: basic, `GatewaySession` cookie (401 `Session Invalid` when expired),
 * Bearer tokens from a fixed table. Admin API: `POST /{db}/_user/`, `POST /{db}/_session`.
 * Fault injection ({@link FakeGateway.failNext}) and a request log.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHttpApp, listen, queryOf, rawBody, sendJson, type Listener } from '../../src/adapters/http/server.js';
import { cookieValue } from '../../src/adapters/gateway/wire.js';
import { FakeDocs } from './fake-docs.js';

export const COOKIE = 'GatewaySession';

export interface FakeGatewayOptions {
  db?: string;
  /** name → password */
  users?: Record<string, string>;
  /** Bearer ID token → user name (stands in for OIDC verification). */
  idTokens?: Record<string, string>;
  /** Keep a log of public requests in {@link FakeGateway.requests} (default true; off for benchmarks). */
  logRequests?: boolean;
}

/** One logged public request: how it authenticated. */
export interface LoggedRequest {
  method: string;
  path: string;
  auth: 'basic' | 'bearer' | 'cookie' | 'none';
  cookie?: string;
}

interface Session {
  name: string;
  expires: number;
}

const unauthorized = (reply: FastifyReply, reason: string, challenge: boolean): FastifyReply => {
  if (challenge) reply.header('www-authenticate', 'Basic realm="tokenql gateway"');
  return sendJson(reply, 401, { error: 'Unauthorized', reason });
};

/** The test double. */
export class FakeGateway {
  readonly users = new Map<string, string>();
  readonly sessions = new Map<string, Session>();
  readonly docs = new FakeDocs();
  readonly requests: LoggedRequest[] = [];
  /** Admin API requests, `METHOD path`. */
  readonly adminRequests: string[] = [];
  private failures: { status: number; path?: string }[] = [];
  private constructor(
    readonly db: string,
    private readonly idTokens: Record<string, string>,
    private readonly pub: Listener,
    private readonly admin: Listener,
    private readonly logRequests: boolean,
  ) {}

  get url(): string { return this.pub.url; }
  get dbUrl(): string { return `${this.pub.url}/${this.db}`; }
  get adminUrl(): string { return this.admin.url; }

  static async start(options: FakeGatewayOptions = {}): Promise<FakeGateway> {
    const pubApp = createHttpApp();
    const adminApp = createHttpApp();
    let self: FakeGateway | undefined;
    const fake = (): FakeGateway => self!;
    registerPublic(pubApp, fake);
    registerAdmin(adminApp, fake);
    const [pub, admin] = await Promise.all([listen(pubApp), listen(adminApp)]);
    self = new FakeGateway(options.db ?? 'db', options.idTokens ?? {}, pub, admin, options.logRequests ?? true);
    for (const [n, p] of Object.entries(options.users ?? {})) self.users.set(n, p);
    return self;
  }

  async close(): Promise<void> {
    this.docs.wakeAll();
    await Promise.all([this.pub.close(), this.admin.close()]);
  }

  /** The next `count` public requests (whose path contains `path`, if given) answer `status`. */
  failNext(count: number, status = 503, path?: string): void {
    for (let i = 0; i < count; i++) this.failures.push(path === undefined ? { status } : { status, path });
  }

  /** Creates a session as admin `POST /{db}/_session` does. */
  createSession(name: string, ttlSeconds = 86400): { session_id: string; expires: string; cookie_name: string } {
    const id = randomBytes(20).toString('hex');
    const expires = Date.now() + ttlSeconds * 1000;
    this.sessions.set(id, { name, expires });
    return { session_id: id, expires: new Date(expires).toISOString().replace(/\.\d+Z$/, 'Z'), cookie_name: COOKIE };
  }

  /** Makes every session expired (the session-expiry rule). */
  expireSessions(): void {
    for (const s of this.sessions.values()) s.expires = 0;
  }

  /** Public-API authentication; answers 401 and resolves undefined on failure. */
  authenticate(request: FastifyRequest, reply: FastifyReply, guestOnBadCookie = false): string | undefined | null {
    const h = request.headers.authorization;
    const log: LoggedRequest = { method: request.method, path: request.url, auth: 'none' };
    if (this.logRequests) this.requests.push(log);
    if (h?.startsWith('Basic ')) {
      log.auth = 'basic';
      const [name = '', ...rest] = Buffer.from(h.slice(6), 'base64').toString('utf8').split(':');
      if (this.users.get(name) === rest.join(':')) return name;
      unauthorized(reply, 'Invalid login', true);
      return undefined;
    }
    if (h?.startsWith('Bearer ')) {
      log.auth = 'bearer';
      const name = this.idTokens[h.slice(7)];
      if (name !== undefined) return name;
      unauthorized(reply, 'Invalid login', false);
      return undefined;
    }
    const cookie = cookieValue(request, COOKIE);
    if (cookie !== undefined) {
      log.auth = 'cookie';
      log.cookie = cookie;
      const s = this.sessions.get(cookie);
      if (s !== undefined && s.expires > Date.now()) return s.name;
      if (guestOnBadCookie) return null;
      unauthorized(reply, 'Session Invalid', false);
      return undefined;
    }
    if (guestOnBadCookie) return null;
    unauthorized(reply, 'Login required', true);
    return undefined;
  }

  /** Pops an injected failure matching this request, if any. */
  takeFailure(path: string): number | undefined {
    const i = this.failures.findIndex((f) => f.path === undefined || path.includes(f.path));
    if (i < 0) return undefined;
    return this.failures.splice(i, 1)[0]!.status;
  }
}

type App = ReturnType<typeof createHttpApp>;
type Params = { db: string; id?: string };
const json = (request: FastifyRequest): any => JSON.parse(rawBody(request) || 'null'); // eslint-disable-line

function registerPublic(app: App, fake: () => FakeGateway): void {
  app.addHook('onRequest', async (request, reply) => {
    const status = fake().takeFailure(request.url);
    if (status !== undefined) return sendJson(reply, status, { error: 'Service Unavailable', reason: 'injected' });
    const db = (request.url.split('/')[1] ?? '').split('?')[0];
    if (db !== fake().db) return sendJson(reply, 404, { error: 'not_found', reason: 'no such database' });
    if (request.method === 'POST' && request.url.startsWith(`/${db}/_session`)) return;
    if (fake().authenticate(request, reply) === undefined) return reply;
  });
  app.post('/:db/_session', async (request, reply) => {
    const f = fake();
    let name = f.authenticate(request, reply, true);
    if (name === undefined) return reply;
    const body = (() => { try { return json(request); } catch { return null; } })();
    if (body && typeof body.name === 'string' && f.users.get(body.name) === body.password) name = body.name;
    if (name === null || name === undefined) return sendJson(reply, 401, { error: 'Unauthorized', reason: 'Invalid login' });
    const s = f.createSession(name);
    reply.header('set-cookie', `${COOKIE}=${s.session_id}; Path=/${f.db}; Expires=${new Date(s.expires).toUTCString()}`);
    return sendJson(reply, 200, { authentication_handlers: ['default', 'cookie'], ok: true, userCtx: { channels: {}, name } });
  });
  app.get('/:db/', async (_req, reply) => sendJson(reply, 200, fake().docs.info(fake().db)));
  app.get('/:db/_changes', async (request, reply) => {
    const q = queryOf(request);
    const since = Number(q.get('since') ?? 0) || 0;
    const limit = Number(q.get('limit') ?? 0) || Infinity;
    if (q.get('feed') === 'longpoll') await fake().docs.waitForChange(since, Number(q.get('timeout') ?? 60000));
    return sendJson(reply, 200, fake().docs.changes(since, limit));
  });
  app.post('/:db/_bulk_get', async (request, reply) => sendJson(reply, 200, fake().docs.bulkGet(json(request).docs)));
  app.post('/:db/_revs_diff', async (request, reply) => sendJson(reply, 200, fake().docs.revsDiff(json(request))));
  app.post('/:db/_bulk_docs', async (request, reply) => {
    const body = json(request);
    return sendJson(reply, 201, fake().docs.bulkDocs(body.docs, body.new_edits !== false));
  });
  app.get('/:db/_local/:id', async (request, reply) => {
    const doc = fake().docs.local.get((request.params as Params).id!);
    return doc ? sendJson(reply, 200, doc) : sendJson(reply, 404, { error: 'not_found', reason: 'missing' });
  });
  app.put('/:db/_local/:id', async (request, reply) => {
    const id = (request.params as Params).id!;
    const res = fake().docs.putLocal(id, json(request));
    return res ? sendJson(reply, 201, res) : sendJson(reply, 409, { error: 'conflict', reason: 'Document update conflict' });
  });
  app.get('/:db/:id', async (request, reply) => {
    const doc = fake().docs.get((request.params as Params).id!);
    return doc ? sendJson(reply, 200, doc) : sendJson(reply, 404, { error: 'not_found', reason: 'missing' });
  });
  app.put('/:db/:id', async (request, reply) => {
    const rev = fake().docs.put((request.params as Params).id!, json(request));
    return sendJson(reply, 201, { id: (request.params as Params).id, ok: true, rev });
  });
}

function registerAdmin(app: App, fake: () => FakeGateway): void {
  app.addHook('onRequest', async (request) => void fake().adminRequests.push(`${request.method} ${request.url}`));
  app.post('/:db/_user/', async (request, reply) => {
    const { name, password } = json(request) ?? {};
    if (typeof name !== 'string' || name === '') return sendJson(reply, 400, { error: 'Bad Request', reason: 'Missing name property' });
    if (fake().users.has(name)) return sendJson(reply, 409, { error: 'conflict', reason: 'Already exists' });
    fake().users.set(name, String(password ?? ''));
    return reply.code(201).send();
  });
  app.post('/:db/_session', async (request, reply) => {
    const { name, ttl = 86400 } = json(request) ?? {};
    if (typeof name !== 'string' || name === '' || name === 'GUEST') return sendJson(reply, 400, { error: 'Bad Request', reason: 'Invalid or missing user name' });
    if (!fake().users.has(name)) return sendJson(reply, 404, { error: 'not_found', reason: `No such user "${name}"` });
    if (!(ttl > 0)) return sendJson(reply, 400, { error: 'Bad Request', reason: 'Invalid or missing ttl' });
    return sendJson(reply, 200, fake().createSession(name, ttl));
  });
}
