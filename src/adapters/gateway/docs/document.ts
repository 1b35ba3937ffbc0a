/**
 * `GET|PUT|DELETE /{db}/{docid}` (docs/replication.md): one document, one revision or
 * several (`open_revs`), with `_rev` checks (409 on a stale revision); and `POST /{db}/`, which
 * creates a document with a generated id (gateway-scenarios.md S44).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectValue, Value } from '../../../index.js';
import { queryOf, sendJson } from '../../http/server.js';
import type { GatewayDbContext } from '../context.js';
import { docStore } from './doc-store.js';
import { BadRequest, guarded, flag, jsonParam, readJson, revisionJson, splitDoc, validDocId } from './http.js';
import { DOC_ID_PARAM } from '../routing.js';
import { sendError } from '../wire.js';
import { knownRev, latestOf, leaves } from './revisions.js';
import { saveDoc, type WriteResult } from './write.js';

type DocRequest = FastifyRequest<{ Params: { docid: string } }>;

/** The revision a write names outside the body: `?rev=` or `If-Match`. */
function revFromRequest(request: FastifyRequest, q: URLSearchParams): string | undefined {
  const ifMatch = request.headers['if-match'];
  return q.get('rev') ?? (typeof ifMatch === 'string' ? ifMatch.replace(/^"|"$/g, '') : undefined);
}

function sendWrite(reply: FastifyReply, r: WriteResult, status: number): FastifyReply {
  return r.ok ? sendJson(reply, status, { id: r.id, ok: true, rev: r.rev }) : sendError(reply, r.status, r.reason);
}

/** Registers the single-document routes. */
export function registerDocumentRoute(app: FastifyInstance, ctx: GatewayDbContext): void {
  // Ids starting with `_` are not documents: `PUT /{db}/_session` is the router's 405 (routing.ts).
  const path = `/${ctx.dbName}/${DOC_ID_PARAM}`;
  const store = docStore(ctx);

  // `POST /{db}/` as the reference's `handlePostDoc`: the body's `_id` or a random 32-hex-digit
  // id, a body `_rev` is 404 (there is nothing to replace), 200 `{"id","ok":true,"rev"}` with
  // `Location` and `Etag`.
  app.post(`/${ctx.dbName}/`, guarded(ctx, async (request, reply) => {
    const incoming = splitDoc(readJson(request));
    if (incoming.rev !== undefined) return sendError(reply, 404, 'No previous revision to replace');
    const id = typeof incoming.id === 'string' ? incoming.id : randomBytes(16).toString('hex');
    if (!validDocId(id)) return sendError(reply, 400, 'Invalid doc ID');
    const r = await saveDoc(store, id, { ...incoming, id }, true);
    if (r.ok) reply.header('Location', encodeURIComponent(r.id)).header('Etag', JSON.stringify(r.rev));
    return sendWrite(reply, r, 200);
  }));

  app.get(path, guarded(ctx, async (request: DocRequest, reply) => {
    const q = queryOf(request);
    const id = request.params.docid;
    const state = validDocId(id) ? store.load(id) : undefined;
    const revs = flag(q, 'revs');
    if (q.get('open_revs') !== null) {
      if (!state) return sendError(reply, 404, 'missing');
      let wanted: string[];
      if (q.get('open_revs') === 'all') wanted = leaves(state.doc.tree);
      else {
        const v = jsonParam(q, 'open_revs');
        if (!Array.isArray(v) || !v.every((r): r is string => typeof r === 'string')) throw new BadRequest('Bad open_revs');
        wanted = flag(q, 'latest') ? [...new Set(v.flatMap((r) => (knownRev(state.doc.tree, r) ? latestOf(state.doc.tree, r) : [r])))] : v;
      }
      const out: Value[] = wanted.map((r) => {
        const doc = revisionJson(state, r, { revs });
        return doc ? { ok: doc } : { missing: r };
      });
      return sendJson(reply, 200, out);
    }
    if (!state) return sendError(reply, 404, 'missing');
    const rev = q.get('rev');
    if (rev === null && state.deleted) return sendError(reply, 404, 'deleted');
    const doc = revisionJson(state, rev ?? state.winner, {
      revs,
      conflicts: flag(q, 'conflicts'),
      deletedConflicts: flag(q, 'deleted_conflicts'),
    });
    return doc ? sendJson(reply, 200, doc) : sendError(reply, 404, 'missing');
  }));

  app.put(path, guarded(ctx, async (request: DocRequest, reply) => {
    const q = queryOf(request);
    const id = request.params.docid;
    if (!validDocId(id)) return sendError(reply, 400, 'Invalid doc ID');
    const incoming = splitDoc(readJson(request));
    if (incoming.id !== undefined && incoming.id !== id) return sendError(reply, 400, 'The document ID in the body does not match the URL');
    const outside = revFromRequest(request, q);
    if (incoming.rev !== undefined && outside !== undefined && incoming.rev !== outside) {
      return sendError(reply, 400, 'Document rev from request body and query string have different values');
    }
    incoming.rev ??= outside;
    return sendWrite(reply, await saveDoc(store, id, incoming, flag(q, 'new_edits', true)), 201);
  }));

  app.delete(path, guarded(ctx, async (request: DocRequest, reply) => {
    const q = queryOf(request);
    const id = request.params.docid;
    if (!validDocId(id)) return sendError(reply, 400, 'Invalid doc ID');
    const rev = revFromRequest(request, q);
    const r = await saveDoc(store, id, { id, rev, deleted: true, revisions: undefined, body: {} }, true);
    return sendWrite(reply, r, 200);
  }));
}
