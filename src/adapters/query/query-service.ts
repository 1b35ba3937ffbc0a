import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorCode, QueryError, toOutputValue, type Database, type Value } from '../../index.js';
import { createHttpApp, listen, queryOf, rawBody, sendJson, type HttpAppOptions, type Listener } from '../http/server.js';
import { formatDuration } from './duration.js';
import { readServiceRequest } from './request-params.js';

/** Options of {@link startQueryService}. */
export interface QueryServiceOptions extends HttpAppOptions {
  host?: string;
  /** Port (default 8093; 0 = any free port). */
  port?: number;
  /**
   * Checks HTTP basic credentials (the cluster's users); when given, a request without valid
   * credentials gets 401. Without it the service is open (it listens on 127.0.0.1 by default).
   */
  authenticate?: (user: string, password: string) => Promise<boolean>;
  /**
   * Whether {@link authenticate} applies to the request at hand (default: always). `tokenql serve`
   * passes "the cluster has a user", so that the service is open only until an administrator exists.
   */
  required?: () => boolean;
}

/** HTTP status for a query error: client errors (bad request, syntax, semantics) 400, unknown keyspace 404, others 500. */
function httpStatus(e: QueryError): number {
  if (e.code === ErrorCode.UNAUTHORIZED) return 401;
  if (e.code === ErrorCode.KEYSPACE_NOT_FOUND) return 404;
  if (e.phase === 'parse' || e.phase === 'semantic' || e.phase === 'service') return 400;
  return 500;
}

/** The reference's `signature`: `{"*":"*"}` when rows are documents, else the field names of the first row. */
function signature(results: Value[]): Value {
  const first = results[0];
  if (first === null || typeof first !== 'object' || Array.isArray(first)) return { $1: 'json' };
  return Object.fromEntries(Object.keys(first).map((k) => [k, 'json']));
}

function basicCredentials(header: string | undefined): [string, string] | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const text = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const i = text.indexOf(':');
  return i < 0 ? undefined : [text.slice(0, i), text.slice(i + 1)];
}

/** Adds `POST /query/service` (and `GET` with the statement in the query string) to an app. */
export function addQueryRoutes(app: FastifyInstance, db: Database, options: QueryServiceOptions): void {
  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const requestID = randomUUID();
    const start = performance.now();
    try {
      if (options.authenticate && (options.required?.() ?? true)) {
        const cred = basicCredentials(request.headers.authorization);
        if (!cred || !(await options.authenticate(cred[0], cred[1]))) {
          throw new QueryError({ code: ErrorCode.UNAUTHORIZED, phase: 'service', message: 'User does not have credentials to run queries. Add role query_select on the keyspace.' });
        }
        request.logUser = cred[0];
      }
      const r = readServiceRequest(request.headers['content-type'], rawBody(request), queryOf(request));
      if (!r.statement) throw new QueryError({ code: ErrorCode.NO_STATEMENT, phase: 'service', message: 'No statement or prepared value' });
      const result = await db.query(r.statement, { params: r.named, args: r.positional, restricted: true });
      return sendJson(reply, 200, {
        requestID,
        ...(r.clientContextId !== undefined ? { clientContextID: r.clientContextId } : {}),
        signature: signature(result.results),
        results: result.results.map(toOutputValue),
        status: 'success',
        metrics: {
          elapsedTime: formatDuration(performance.now() - start),
          executionTime: formatDuration(result.metrics.executionTime),
          resultCount: result.metrics.resultCount,
          resultSize: result.metrics.resultSize,
          ...(result.metrics.mutationCount !== undefined ? { mutationCount: result.metrics.mutationCount } : {}),
          ...(result.warnings.length ? { warningCount: result.warnings.length } : {}),
        },
        ...(result.warnings.length ? { warnings: result.warnings } : {}),
      });
    } catch (err) {
      const e = err instanceof QueryError ? err : new QueryError({ code: ErrorCode.INTERNAL, phase: 'service', message: String(err) });
      if (e.code === ErrorCode.UNAUTHORIZED) reply.header('WWW-Authenticate', 'Basic realm="Couchbase Query"');
      return sendJson(reply, httpStatus(e), {
        requestID,
        errors: [e.toJSON()],
        status: e.phase === 'service' || e.phase === 'parse' || e.phase === 'semantic' ? 'fatal' : 'errors',
        metrics: { elapsedTime: formatDuration(performance.now() - start), executionTime: formatDuration(performance.now() - start), resultCount: 0, resultSize: 0, errorCount: 1 },
      });
    }
  };
  app.post('/query/service', handler);
  app.get('/query/service', handler);
}

/**
 * Starts the N1QL query service on its own listener (default 127.0.0.1:8093):
 * `POST /query/service` with `statement`, `args` and `$name` parameters, form or JSON body,
 * answering `{requestID, signature, results, status, metrics}` or `{requestID, errors, status, metrics}`.
 */
export async function startQueryService(db: Database, options: QueryServiceOptions = {}): Promise<Listener> {
  const app = createHttpApp(options);
  addQueryRoutes(app, db, options);
  return listen(app, options.host, options.port ?? 8093);
}
