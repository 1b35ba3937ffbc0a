/**
 * `POST /{db}/_bulk_docs` (also `new_edits:false`), `POST /{db}/_bulk_get` and
 * `POST /{db}/_revs_diff`: the batch endpoints of the replication protocol.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { revPos, type ObjectValue, type Value } from '../../../index.js';
import { queryOf, sendJson } from '../../http/server.js';
import type { GatewayDbContext } from '../context.js';
import { docStore, type DocState } from './doc-store.js';
import { BadRequest, guarded, flag, readJson, revisionJson, splitDoc, validDocId } from './http.js';
import { knownRev, latestOf, leaves } from './revisions.js';
import { errorLabel } from '../wire.js';
import { saveDoc } from './write.js';

function isObject(v: Value): v is ObjectValue {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The `_bulk_get` answer for one requested document. */
function bulkGetOne(state: DocState | undefined, id: string, rev: string | undefined, revs: boolean, latest: boolean): Value[] {
  const missing = (r: string | undefined): Value => ({ error: { id, rev: r ?? 'undefined', error: 'not_found', reason: 'missing' } });
  if (!state) return [missing(rev)];
  if (rev === undefined) {
    if (state.deleted) return [{ error: { id, rev: state.winner, error: 'not_found', reason: 'deleted' } }];
    rev = state.winner;
  }
  const wanted = latest && knownRev(state.doc.tree, rev) ? latestOf(state.doc.tree, rev) : [rev];
  return wanted.map((r) => {
    const doc = revisionJson(state, r, { revs });
    return doc ? { ok: doc } : missing(r);
  });
}

/** Registers the batch routes. */
export function registerBulkRoutes(app: FastifyInstance, ctx: GatewayDbContext): void {
  const store = docStore(ctx);

  app.post(`/${ctx.dbName}/_bulk_docs`, guarded(ctx, async (request, reply) => {
    const body = readJson(request);
    if (!Array.isArray(body.docs)) throw new BadRequest('Missing "docs" property');
    if (body.new_edits !== undefined && typeof body.new_edits !== 'boolean') throw new BadRequest('Bad new_edits');
    const newEdits = body.new_edits !== false;
    const out: Value[] = [];
    for (const d of body.docs) {
      let id: string | undefined;
      try {
        if (!isObject(d)) throw new BadRequest('Document must be a JSON object');
        const incoming = splitDoc(d);
        if (incoming.id === undefined && newEdits) incoming.id = randomUUID().replace(/-/g, '');
        if (!validDocId(incoming.id)) throw new BadRequest('Invalid doc ID');
        id = incoming.id;
        const r = await saveDoc(store, id, incoming, newEdits);
        out.push(r.ok ? { ok: true, id: r.id, rev: r.rev } : { id: r.id, error: errorLabel(r.status), reason: r.reason, status: r.status });
      } catch (e) {
        if (!(e instanceof BadRequest)) throw e;
        const entry: ObjectValue = { error: 'Bad Request', reason: e.message, status: 400 };
        if (id !== undefined || (isObject(d) && typeof d._id === 'string')) entry.id = id ?? (d as ObjectValue)._id;
        out.push(entry);
      }
    }
    return sendJson(reply, 201, out);
  }));

  app.post(`/${ctx.dbName}/_bulk_get`, guarded(ctx, async (request, reply) => {
    const q = queryOf(request);
    const revs = flag(q, 'revs');
    const latest = flag(q, 'latest');
    const body = readJson(request);
    if (!Array.isArray(body.docs)) throw new BadRequest('Missing "docs" property');
    const results: Value[] = [];
    for (const d of body.docs) {
      if (!isObject(d) || typeof d.id !== 'string') throw new BadRequest('Each entry of "docs" needs an "id"');
      if (d.rev !== undefined && typeof d.rev !== 'string') throw new BadRequest('Bad "rev"');
      const state = validDocId(d.id) ? store.load(d.id) : undefined;
      results.push({ id: d.id, docs: bulkGetOne(state, d.id, d.rev, revs, latest) });
    }
    return sendJson(reply, 200, { results });
  }));

  app.post(`/${ctx.dbName}/_revs_diff`, guarded(ctx, async (request, reply) => {
    const body = readJson(request);
    const out: ObjectValue = {};
    for (const [id, revs] of Object.entries(body)) {
      if (!Array.isArray(revs) || !revs.every((r): r is string => typeof r === 'string'))
        throw new BadRequest(`Bad revision list for "${id}"`);
      const state = validDocId(id) ? store.load(id) : undefined;
      const tree = state?.doc.tree ?? {};
      const missing = revs.filter((r) => !knownRev(tree, r));
      if (!missing.length) continue;
      const entry: ObjectValue = { missing };
      if (state) {
        const maxPos = Math.max(...missing.map((r) => revPos(r) || 0));
        const ancestors = leaves(tree).filter((r) => revPos(r) < maxPos);
        if (ancestors.length) entry.possible_ancestors = ancestors;
      }
      out[id] = entry;
    }
    return sendJson(reply, 200, out);
  }));
}

