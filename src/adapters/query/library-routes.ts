import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../index.js';
import { queryOf, rawBody, sendJson } from '../http/server.js';
import { basicCredentials, type QueryServiceOptions } from './query-service.js';

/**
 * The query service's Functions REST API for the JavaScript libraries of user-defined
 * functions (the reference's `/evaluator/v1/libraries`, Couchbase docs "Functions REST API"):
 * - `GET /evaluator/v1/libraries`: every library, `[{name, bucket, scope, code}]`;
 * - `GET /evaluator/v1/libraries/{name}`: one, `{name, bucket, scope, code}` (404 if none);
 * - `POST /evaluator/v1/libraries/{name}`: creates or replaces it, the body being its code (200);
 * - `DELETE /evaluator/v1/libraries/{name}`: deletes it (200; 404 if none).
 * `?bucket=b&scope=s` selects a scope's library (global when both are absent); giving only one
 * of them is 400. Credentials are checked as for `/query/service` (401 without them).
 */
export function addLibraryRoutes(app: FastifyInstance, db: Database, options: QueryServiceOptions): void {
  const authenticated = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!(options.principal || options.authenticate) || !(options.required?.() ?? true)) return true;
    let ok: boolean;
    if (options.principal) {
      const p = await options.principal(request.headers.authorization, request.ip);
      ok = p !== undefined && !('retryAfter' in p);
      if (p && !('retryAfter' in p)) request.logUser = p.user;
    } else {
      const cred = basicCredentials(request.headers.authorization);
      ok = cred !== undefined && (await options.authenticate!(cred[0], cred[1]));
    }
    if (!ok) {
      reply.header('WWW-Authenticate', 'Basic realm="Couchbase Query"');
      sendJson(reply, 401, { error: 'Unauthorized' });
    }
    return ok;
  };
  /** `[bucket, scope]` of the query string, or undefined after answering 400 when only one is given. */
  const scopeOf = (request: FastifyRequest, reply: FastifyReply): [string, string] | undefined => {
    const q = queryOf(request);
    const bucket = q.get('bucket') ?? '';
    const scope = q.get('scope') ?? '';
    if ((bucket === '') !== (scope === '')) {
      sendJson(reply, 400, { error: 'A scoped library needs both bucket and scope' });
      return undefined;
    }
    return [bucket, scope];
  };
  const nameOf = (request: FastifyRequest) => (request.params as { name: string }).name;

  app.get('/evaluator/v1/libraries', async (request, reply) => {
    if (!(await authenticated(request, reply))) return reply;
    const q = queryOf(request);
    const bucket = q.get('bucket');
    const scope = q.get('scope');
    const all = db.libraries().filter((l) => (bucket === null || l.bucket === bucket) && (scope === null || l.scope === scope));
    return sendJson(reply, 200, all);
  });
  app.get('/evaluator/v1/libraries/:name', async (request, reply) => {
    if (!(await authenticated(request, reply))) return reply;
    const s = scopeOf(request, reply);
    if (!s) return reply;
    const lib = db.library(nameOf(request), ...s);
    if (!lib) return sendJson(reply, 404, { error: `Library '${nameOf(request)}' not found` });
    return sendJson(reply, 200, lib);
  });
  app.post('/evaluator/v1/libraries/:name', async (request, reply) => {
    if (!(await authenticated(request, reply))) return reply;
    const s = scopeOf(request, reply);
    if (!s) return reply;
    const code = rawBody(request);
    if (code.trim() === '') return sendJson(reply, 400, { error: 'The library has no code: send it as the request body' });
    await db.putLibrary(nameOf(request), code, ...s);
    return sendJson(reply, 200, 'OK');
  });
  app.delete('/evaluator/v1/libraries/:name', async (request, reply) => {
    if (!(await authenticated(request, reply))) return reply;
    const s = scopeOf(request, reply);
    if (!s) return reply;
    if (!(await db.deleteLibrary(nameOf(request), ...s))) return sendJson(reply, 404, { error: `Library '${nameOf(request)}' not found` });
    return sendJson(reply, 200, 'OK');
  });
}
