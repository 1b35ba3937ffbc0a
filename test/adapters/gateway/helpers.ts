/**
 * Fixture of the gateway tests (gateway-scenarios.md conventions): a gateway on 127.0.0.1 with
 * random ports over an in-memory store, a movable clock, captured log lines, and a tiny document
 * route (`PUT|GET /{db}/:doc`) standing in for the document module so that login-required
 * requests can be shown.
 */
import type { FastifyInstance } from 'fastify';
import { Database } from '../../../src/index.js';
import { startGateway, type Gateway, type GatewayOptions } from '../../../src/adapters/gateway/index.js';
import type { GatewayDbContext } from '../../../src/adapters/gateway/context.js';
import { DOC_ID_PARAM } from '../../../src/adapters/gateway/routing.js';

export interface Reply {
  status: number;
  text: string;
  headers: Headers;
  json(): any;
}

export interface Fixture {
  gw: Gateway;
  db: Database;
  logs: string[];
  /** Moves the gateway's and the store's clock forward. */
  advance(ms: number): void;
  pub(method: string, path: string, opts?: ReqOpts): Promise<Reply>;
  admin(method: string, path: string, opts?: ReqOpts): Promise<Reply>;
  close(): Promise<void>;
}

export interface ReqOpts {
  body?: unknown;
  /** `user:password` for Basic. */
  basic?: string;
  bearer?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** Send the body with no Content-Type header at all (as bytes: fetch gives a string body `text/plain`). */
  noContentType?: boolean;
}

export const basic = (cred: string) => 'Basic ' + Buffer.from(cred).toString('base64');

export async function request(base: string, method: string, path: string, opts: ReqOpts = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.basic !== undefined) headers.authorization = basic(opts.basic);
  if (opts.bearer !== undefined) headers.authorization = `Bearer ${opts.bearer}`;
  if (opts.cookie !== undefined) headers.cookie = opts.cookie;
  let body: string | Uint8Array | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    if (opts.noContentType) body = new TextEncoder().encode(body);
    else headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers, json: () => JSON.parse(text) };
}

/** A stand-in document module: PUT stores, GET reads; both require a principal. Ids as the real module's (no `_`). */
export function testDocumentRoutes(app: FastifyInstance, ctx: GatewayDbContext): void {
  app.put(`/${ctx.dbName}/${DOC_ID_PARAM}`, async (req, reply) => {
    const p = await ctx.requirePrincipal(req, reply);
    if (!p) return reply;
    await ctx.db.upsert(ctx.bucket, (req.params as { docid: string }).docid, { by: p.name });
    return reply.code(201).type('application/json').send(JSON.stringify({ ok: true, by: p.name }));
  });
  app.get(`/${ctx.dbName}/${DOC_ID_PARAM}`, async (req, reply) => {
    const p = await ctx.requirePrincipal(req, reply);
    if (!p) return reply;
    const doc = ctx.db.get(ctx.bucket, (req.params as { docid: string }).docid);
    return doc ? reply.type('application/json').send(JSON.stringify(doc.value)) : reply.code(404).send({ error: 'not_found', reason: 'missing' });
  });
}

export async function startFixture(dbConfig: Record<string, unknown> = {}, extra: Partial<GatewayOptions> & { storeClock?: boolean; more?: Record<string, unknown> } = {}): Promise<Fixture> {
  let offset = 0;
  const clock = () => Date.now() + offset;
  const db = await Database.open(extra.storeClock === false ? {} : { clock });
  const logs: string[] = [];
  const gw = await startGateway({
    config: { databases: { db: { bucket: 'db', ...dbConfig }, ...extra.more } },
    interface: '127.0.0.1:0',
    adminInterface: '127.0.0.1:0',
    db,
    clock,
    log: (line) => logs.push(line),
    registerDocumentRoutes: testDocumentRoutes,
    ...extra,
  });
  return {
    gw, db, logs,
    advance: (ms) => { offset += ms; },
    pub: (m, p, o) => request(gw.publicUrl, m, p, o),
    admin: (m, p, o) => request(gw.adminUrl, m, p, o),
    close: async () => { await gw.close(); await db.close(); },
  };
}

/** The first cookie pair (`name=value`) of a Set-Cookie header. */
export function cookiePair(reply: Reply): string {
  return (reply.headers.get('set-cookie') ?? '').split(';')[0]!;
}
