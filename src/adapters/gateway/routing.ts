/**
 * Route matching as the reference's router does it (spec gateway-reference.md §0 "Method Not
 * Allowed", §1.6; gateway-scenarios.md S9, S12; SG `rest/routing.go`, `wrapRouter`):
 * - a path parameter never matches an empty segment (gorilla mux's `{name}` is `[^/]+`), so
 *   `DELETE /{db}/_user/` is not `DELETE /{db}/_user/{name}` with the name `""` (the GUEST);
 * - a document id never starts with `_` (SG's `docRegex`, `[^_/][^/]*`), so `PUT /{db}/_session`
 *   is not a document write;
 * - a path that a route matches with other methods gets 405 with `Allow` (the methods among GET,
 *   HEAD, POST, PUT, DELETE, in that order) and `{"error":"Method Not Allowed","reason":""}`,
 *   before any authentication; a path no route matches is left to the 404 handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../http/server.js';
import { sendError } from './wire.js';

/** The methods the reference tries when a path matches no route with the request's method. */
const PROBED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const;

/** The path parameter of a document id: non-empty, not starting with `_` (SG `docRegex`). */
export const DOC_ID_PARAM = ':docid(^[^_].*$)';

const hasEmptyParam = (params: unknown): boolean =>
  typeof params === 'object' && params !== null && Object.values(params).some((v) => v === '');

/** The methods (GET, HEAD, POST, PUT, DELETE order) for which a route matches `path` with no empty parameter. */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  return PROBED_METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && route !== undefined && !hasEmptyParam(route.params);
  });
}

/**
 * Makes a route whose match has an empty path parameter count as no match: the request goes to
 * the app's 404 handler (which may answer 405).
 */
export function rejectEmptyParams(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404 && hasEmptyParam(request.params)) return reply.callNotFound();
  });
}

/**
 * Answers 405 with `Allow` when other methods have a route for the request's path (§0, S9);
 * returns false, having sent nothing, when none has. OPTIONS is left to the caller.
 */
export function methodNotAllowed(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method === 'OPTIONS') return false;
  const allowed = allowedMethods(app, pathOf(request));
  if (allowed.length === 0) return false;
  reply.header('Allow', allowed.join(', '));
  sendError(reply, 405, '');
  return true;
}
