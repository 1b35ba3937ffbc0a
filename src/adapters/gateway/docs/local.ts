/**
 * `GET|PUT|DELETE /{db}/_local/{id}`: local documents (replication checkpoints). They are
 * not replicated, not in the changes feed and not in the bucket: keyspace `_gateway_local`,
 * key `<db>::<id>`, value `{"db","id","rev":N,"body"}`. Revisions are `0-N` as in CouchDB;
 * a write must name the current revision (409 otherwise).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ObjectValue } from '../../../index.js';
import { queryOf, sendJson } from '../../http/server.js';
import type { GatewayDbContext } from '../context.js';
import { docStore } from './doc-store.js';
import { BadRequest, guarded, readJson } from './http.js';
import { sendError } from '../wire.js';

export const LOCAL_KEYSPACE = '_gateway_local';

interface LocalDoc {
  db: string;
  id: string;
  rev: number;
  body: ObjectValue;
}

type LocalRequest = FastifyRequest<{ Params: { id: string } }>;

/** Registers the local-document routes. */
export function registerLocalRoutes(app: FastifyInstance, ctx: GatewayDbContext): void {
  const path = `/${ctx.dbName}/_local/:id`;
  const store = docStore(ctx);
  const key = (id: string): string => `${ctx.dbName}::${id}`;
  const load = (id: string): LocalDoc | undefined => ctx.db.get(LOCAL_KEYSPACE, key(id))?.value as LocalDoc | undefined;
  /** Checks the revision a write names against the stored one; the new revision number, or undefined on conflict. */
  const nextRev = (current: LocalDoc | undefined, rev: unknown): number | undefined => {
    if (rev !== undefined && typeof rev !== 'string') throw new BadRequest('Bad _rev');
    const have = current ? `0-${current.rev}` : undefined;
    if (rev !== have) return undefined;
    return (current?.rev ?? 0) + 1;
  };

  app.get(path, async (request: LocalRequest, reply) => {
    const p = await ctx.requirePrincipal(request, reply);
    if (!p) return reply;
    const doc = load(request.params.id);
    if (!doc) return sendError(reply, 404, 'missing');
    return sendJson(reply, 200, { _id: `_local/${doc.id}`, _rev: `0-${doc.rev}`, ...doc.body });
  });

  app.put(path, guarded(ctx, async (request: LocalRequest, reply) => {
    const id = request.params.id;
    const input = readJson(request);
    const body: ObjectValue = {};
    for (const [k, v] of Object.entries(input)) if (k !== '_id' && k !== '_rev') body[k] = v;
    const rev = await store.exclusive(async () => {
      const n = nextRev(load(id), input._rev ?? queryOf(request).get('rev') ?? undefined);
      if (n === undefined) return undefined;
      const doc: LocalDoc = { db: ctx.dbName, id, rev: n, body };
      await ctx.db.upsert(LOCAL_KEYSPACE, key(id), doc as unknown as ObjectValue);
      return `0-${n}`;
    });
    if (rev === undefined) return sendError(reply, 409, 'Document exists');
    return sendJson(reply, 201, { id: `_local/${id}`, ok: true, rev });
  }));

  app.delete(path, guarded(ctx, async (request: LocalRequest, reply) => {
    const id = request.params.id;
    const rev = queryOf(request).get('rev') ?? undefined;
    const status = await store.exclusive(async () => {
      const current = load(id);
      if (!current) return 404;
      if (nextRev(current, rev) === undefined) return 409;
      await ctx.db.remove(LOCAL_KEYSPACE, key(id));
      return 200;
    });
    if (status === 404) return sendError(reply, 404, 'missing');
    if (status === 409) return sendError(reply, 409, 'Document exists');
    return sendJson(reply, 200, { id: `_local/${id}`, ok: true, rev: '0-0' });
  }));
}
