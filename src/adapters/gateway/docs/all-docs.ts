/**
 * `GET|POST /{db}/_all_docs`: the live documents in docid order (code point order, not
 * CouchDB's ICU collation), with `include_docs`, `conflicts`, `startkey`/`start_key`,
 * `endkey`/`end_key`, `inclusive_end`, `descending`, `skip`, `limit`, `key`, `keys` and
 * `update_seq`. With `keys` (query parameter or POST body) a deleted document answers
 * `{"value":{"rev","deleted":true},"doc":null}` and an unknown one `{"error":"not_found"}`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collate, type ObjectValue, type Value } from '../../../index.js';
import { queryOf, sendJson } from '../../http/server.js';
import type { GatewayDbContext } from '../context.js';
import { docStore, type DocState, type StoredMeta } from './doc-store.js';
import { BadRequest, guarded, flag, intParam, jsonParam, optionsBody, revisionJson } from './http.js';
import { winner } from './revisions.js';

function stringParam(q: URLSearchParams, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = jsonParam(q, n);
    if (v === undefined) continue;
    if (typeof v !== 'string') throw new BadRequest(`${n} must be a JSON string`);
    return v;
  }
  return undefined;
}

/** Registers `_all_docs`. */
export function registerAllDocsRoute(app: FastifyInstance, ctx: GatewayDbContext): void {
  const store = docStore(ctx);
  const handler = guarded(ctx, async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const q = queryOf(request);
    const body = optionsBody(request);
    const includeDocs = flag(q, 'include_docs') || body.include_docs === true;
    const conflicts = flag(q, 'conflicts');
    const row = (s: DocState): ObjectValue => {
      const r: ObjectValue = { id: s.id, key: s.id, value: { rev: s.winner } };
      if (includeDocs) r.doc = revisionJson(s, s.winner, { conflicts }) ?? null;
      return r;
    };
    let keys: Value = body.keys ?? jsonParam(q, 'keys');
    const key = stringParam(q, 'key');
    if (key !== undefined) keys = [key];
    const total = store.counts().docCount;
    const skip = intParam(q, 'skip', 0);
    const limit = q.get('limit') === null ? Number.MAX_SAFE_INTEGER : intParam(q, 'limit', 0);
    const rows: Value[] = [];
    if (keys !== undefined) {
      if (!Array.isArray(keys) || !keys.every((k): k is string => typeof k === 'string')) throw new BadRequest('keys must be an array of strings');
      for (const k of keys.slice(skip, skip + limit)) {
        const s = store.load(k);
        if (!s) rows.push({ key: k, error: 'not_found' });
        else if (s.deleted) rows.push({ id: k, key: k, value: { rev: s.winner, deleted: true }, ...(includeDocs ? { doc: null } : {}) });
        else rows.push(row(s));
      }
    } else {
      const descending = flag(q, 'descending');
      const start = stringParam(q, 'startkey', 'start_key');
      const end = stringParam(q, 'endkey', 'end_key');
      const inclusiveEnd = flag(q, 'inclusive_end', true);
      // Descending: startkey is the high bound and endkey the low one.
      const [lo, loIn, hi, hiIn] = descending ? [end, inclusiveEnd, start, true] : [start, true, end, inclusiveEnd];
      const live: StoredMeta[] = [];
      // The bounds compare in the scan's order (code points, `collate`), not in UTF-16 code units.
      for (const meta of store.scan()) {
        const toLo = lo === undefined ? 1 : collate(meta.id, lo);
        if (toLo < 0 || (toLo === 0 && !loIn)) continue;
        const toHi = hi === undefined ? -1 : collate(meta.id, hi);
        if (toHi > 0 || (toHi === 0 && !hiIn)) break;
        if (!meta.tree[winner(meta.tree)]!.d) live.push(meta);
      }
      if (descending) live.reverse();
      // The scan read each document's metadata already: only the page is materialized.
      for (const meta of live.slice(skip, skip + limit)) rows.push(row(store.materialize(meta)));
    }
    const out: ObjectValue = { total_rows: total, offset: keys === undefined ? skip : 0, rows };
    if (flag(q, 'update_seq')) out.update_seq = store.updateSeq();
    return sendJson(reply, 200, out);
  });
  app.get(`/${ctx.dbName}/_all_docs`, handler);
  app.post(`/${ctx.dbName}/_all_docs`, handler);
}
