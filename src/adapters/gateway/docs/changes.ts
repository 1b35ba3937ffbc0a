/**
 * `GET|POST /{db}/_changes`: `since`, `limit`, `include_docs`, `style=all_docs`,
 * `descending`, `conflicts`, `filter=_doc_ids`, and `feed=normal|longpoll` (a longpoll with
 * nothing to report waits for the next write, at most `timeout` ms, then answers).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectValue, Value } from '../../../index.js';
import { queryOf, sendJson } from '../../http/server.js';
import type { GatewayDbContext } from '../context.js';
import { docStore, type DocState, type DocStore } from './doc-store.js';
import { BadRequest, guarded, flag, intParam, jsonParam, optionsBody, revisionJson } from './http.js';
import { sortedLeaves } from './revisions.js';

/** Default and largest wait of a longpoll feed, in milliseconds. */
export const LONGPOLL_DEFAULT_MS = 60_000;
export const LONGPOLL_MAX_MS = 300_000;

interface ChangesOptions {
  since: number;
  limit: number;
  includeDocs: boolean;
  allDocs: boolean;
  descending: boolean;
  conflicts: boolean;
  docIds: string[] | undefined;
}

function parseOptions(q: URLSearchParams, body: ObjectValue, store: DocStore): ChangesOptions {
  const sinceText = q.get('since') ?? '0';
  let since: number;
  if (sinceText === 'now') since = store.updateSeq();
  else if (/^[0-9]+$/.test(sinceText)) since = Number(sinceText);
  else throw new BadRequest(`Invalid since "${sinceText}"`);
  const style = q.get('style') ?? 'main_only';
  if (style !== 'main_only' && style !== 'all_docs') throw new BadRequest(`Invalid style "${style}"`);
  const filter = q.get('filter') ?? undefined;
  let docIds: string[] | undefined;
  if (filter !== undefined) {
    if (filter !== '_doc_ids') throw new BadRequest(`Unsupported filter "${filter}"`);
    const ids = body.doc_ids ?? jsonParam(q, 'doc_ids');
    if (!Array.isArray(ids) || !ids.every((i): i is string => typeof i === 'string')) throw new BadRequest('filter=_doc_ids needs doc_ids');
    docIds = ids;
  }
  return {
    since,
    limit: intParam(q, 'limit', Number.MAX_SAFE_INTEGER) || Number.MAX_SAFE_INTEGER,
    includeDocs: flag(q, 'include_docs'),
    allDocs: style === 'all_docs',
    descending: flag(q, 'descending'),
    conflicts: flag(q, 'conflicts'),
    docIds,
  };
}

/** The change row of a document as it is now (`seq` its sequence). */
function changeRow(state: DocState, o: ChangesOptions): ObjectValue {
  const revs = o.allDocs ? sortedLeaves(state.doc.tree) : [state.winner];
  const row: ObjectValue = { seq: state.seq, id: state.id, changes: revs.map((rev) => ({ rev })) };
  if (state.deleted) row.deleted = true;
  if (o.includeDocs) row.doc = revisionJson(state, state.winner, { conflicts: o.conflicts }) ?? null;
  return row;
}

/** The change rows after `since`. */
function collect(store: DocStore, o: ChangesOptions): ObjectValue[] {
  let states: DocState[];
  if (o.docIds) {
    // The named documents, each loaded once: its sequence decides, its state makes the row.
    states = [];
    for (const id of new Set(o.docIds)) {
      const s = store.load(id);
      if (s && s.seq > o.since) states.push(s);
    }
    states.sort((a, b) => (o.descending ? b.seq - a.seq : a.seq - b.seq));
    states = states.slice(0, o.limit);
  } else {
    states = [];
    for (const [, id] of store.changes(o.since, o.limit, o.descending)) {
      const s = store.load(id); // the sequence index and the documents change together: s.seq is the pair's
      if (s) states.push(s);
    }
  }
  return states.map((s) => changeRow(s, o));
}

/** Registers the changes feed. */
export function registerChangesRoute(app: FastifyInstance, ctx: GatewayDbContext): void {
  const store = docStore(ctx);
  const handler = guarded(ctx, async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const q = queryOf(request);
    const body = optionsBody(request);
    // POST: the body's options count where the query string does not give them (CouchDB, Sync Gateway).
    for (const [k, v] of Object.entries(body)) {
      if (k !== 'doc_ids' && !q.has(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) q.set(k, String(v));
    }
    const o = parseOptions(q, body, store);
    const feed = q.get('feed') ?? 'normal';
    if (feed !== 'normal' && feed !== 'longpoll') throw new BadRequest(`Unsupported feed "${feed}"`);
    let rows = collect(store, o);
    if (!rows.length && feed === 'longpoll' && !o.descending) {
      const timeout = intParam(q, 'timeout', LONGPOLL_DEFAULT_MS); // 0: answer at once
      const heartbeat = intParam(q, 'heartbeat', 0);
      // No heartbeat newlines are streamed: a heartbeat shorter than the timeout ends the wait.
      const wait = Math.min(timeout, heartbeat > 0 ? heartbeat : timeout, LONGPOLL_MAX_MS);
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const deadline = Date.now() + wait;
      // A write can wake the feed without a row for it (filter=_doc_ids): wait again until the deadline.
      while (!gone.signal.aborted && !rows.length && Date.now() < deadline) {
        await store.waitForChange(Math.max(store.updateSeq(), o.since), deadline - Date.now(), gone.signal);
        rows = collect(store, o);
      }
    }
    const last = rows[rows.length - 1];
    const lastSeq: Value = last ? last.seq : o.descending ? 0 : Math.max(o.since, store.updateSeq());
    return sendJson(reply, 200, { results: rows, last_seq: lastSeq });
  });
  app.get(`/${ctx.dbName}/_changes`, handler);
  app.post(`/${ctx.dbName}/_changes`, handler);
}
