/**
 * Wire helpers of the replication endpoints: bad requests (answered with the gateway's error
 * body, `wire.ts`), JSON bodies and query parameters, and the JSON shape of one revision of a
 * document.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayDbContext } from '../context.js';
import type { ObjectValue, Value } from '../../../index.js';
import { rawBody } from '../../http/server.js';
import type { DocState } from './doc-store.js';
import { sendError } from '../wire.js';
import { conflicts, deletedConflicts, knownRev, revisionsOf } from './revisions.js';

/** A malformed request: the route answers 400 with the message as reason. */
export class BadRequest extends Error {}

/** The request body parsed as a JSON object (BadRequest when it is not JSON, or not an object). */
export function readJson(request: FastifyRequest): ObjectValue {
  const text = rawBody(request);
  let v: Value;
  try {
    v = JSON.parse(text) as Value;
  } catch {
    throw new BadRequest('Bad JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new BadRequest('Expected a JSON object');
  return v;
}

/**
 * The options object of a route that takes them in the query string or, on POST, in a JSON body
 * (`_all_docs`, `_changes`): the parsed body, or `{}` for a GET or an empty body.
 */
export function optionsBody(request: FastifyRequest): ObjectValue {
  return request.method === 'POST' && rawBody(request).trim() !== '' ? readJson(request) : {};
}

/** A boolean query parameter (`true`/`false`; absent is `fallback`). */
export function flag(q: URLSearchParams, name: string, fallback = false): boolean {
  const v = q.get(name);
  if (v === null) return fallback;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new BadRequest(`Invalid boolean parameter ${name}`);
}

/** A JSON-encoded query parameter (undefined when absent). */
export function jsonParam(q: URLSearchParams, name: string): Value {
  const v = q.get(name);
  if (v === null) return undefined;
  try {
    return JSON.parse(v) as Value;
  } catch {
    throw new BadRequest(`Invalid JSON in parameter ${name}`);
  }
}

/** A non-negative integer query parameter. */
export function intParam(q: URLSearchParams, name: string, fallback: number): number {
  const v = q.get(name);
  if (v === null) return fallback;
  if (!/^[0-9]+$/.test(v)) throw new BadRequest(`Invalid integer parameter ${name}`);
  return Number(v);
}

/** Answers a thrown BadRequest with 400; rethrows anything else. */
export function badRequestOr(reply: FastifyReply, e: unknown): FastifyReply {
  if (e instanceof BadRequest) return sendError(reply, 400, e.message);
  throw e;
}

/**
 * Wraps a document route: the request is authenticated first (on failure the server has
 * already answered 401 and the route returns), then `handler` runs; a BadRequest becomes 400.
 */
export function guarded<R extends FastifyRequest>(
  ctx: GatewayDbContext,
  handler: (request: R, reply: FastifyReply) => Promise<FastifyReply>,
): (request: R, reply: FastifyReply) => Promise<FastifyReply> {
  return async (request, reply) => {
    if (!(await ctx.requirePrincipal(request, reply))) return reply;
    try {
      return await handler(request, reply);
    } catch (e) {
      return badRequestOr(reply, e);
    }
  };
}

/** Options of {@link revisionJson}. */
export interface RevJsonOptions {
  revs?: boolean;
  conflicts?: boolean;
  deletedConflicts?: boolean;
}

/** One revision of a document as JSON (`_id`, `_rev`, `_deleted`, the body, `_revisions` …), or undefined without a body. */
export function revisionJson(state: DocState, rev: string, opts: RevJsonOptions = {}): ObjectValue | undefined {
  if (!knownRev(state.doc.tree, rev) || !Object.hasOwn(state.doc.bodies, rev)) return undefined;
  const body = state.doc.bodies[rev]!;
  const node = state.doc.tree[rev]!;
  const out: ObjectValue = { _id: state.id, _rev: rev };
  if (node.d) out._deleted = true;
  Object.assign(out, body);
  if (opts.revs) out._revisions = revisionsOf(state.doc.tree, rev);
  if (rev === state.winner && opts.conflicts) {
    const c = conflicts(state.doc.tree);
    if (c.length) out._conflicts = c;
  }
  if (rev === state.winner && opts.deletedConflicts) {
    const c = deletedConflicts(state.doc.tree);
    if (c.length) out._deleted_conflicts = c;
  }
  return out;
}

/** Special fields a client may send and that are not stored in the body. */
const STRIPPED = new Set(['_id', '_rev', '_revisions', '_deleted', '_conflicts', '_deleted_conflicts', '_local_seq', '_revs_info']);

/** A document sent by a client, split into its body and its special fields. */
export interface IncomingDoc {
  id: unknown;
  rev: string | undefined;
  deleted: boolean;
  revisions: unknown;
  body: ObjectValue;
}

/** Splits a client document; BadRequest for attachments and unknown `_` fields. */
export function splitDoc(input: ObjectValue): IncomingDoc {
  const body: ObjectValue = {};
  for (const [k, v] of Object.entries(input)) {
    if (STRIPPED.has(k)) continue;
    if (k === '_attachments') {
      if (v && typeof v === 'object' && Object.keys(v).length === 0) continue;
      throw new BadRequest('Attachments are not supported');
    }
    if (k.startsWith('_')) throw new BadRequest(`User defined top level properties beginning with '_' are not allowed in document body`);
    body[k] = v;
  }
  const rev = input._rev;
  if (rev !== undefined && typeof rev !== 'string') throw new BadRequest('Bad _rev');
  return { id: input._id, rev, deleted: input._deleted === true, revisions: input._revisions, body };
}

/** Whether a document id is acceptable (not empty, not a reserved `_` id). */
export function validDocId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && !id.startsWith('_') && id.length <= 250;
}
