import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorCode, QueryError, toOutputValue, type Database, type PrivilegeNeed, type Value } from '../../index.js';
import { createHttpApp, listen, queryOf, rawBody, sendJson, type HttpAppOptions, type Listener } from '../http/server.js';
import { formatDuration } from './duration.js';
import { readServiceRequest, type ServiceRequest } from './request-params.js';
import { addLibraryRoutes } from './library-routes.js';

/** A query service user: its name and the statement authoriser of its roles. */
export interface QueryPrincipal {
  user: string;
  authorize: (needs: PrivilegeNeed[]) => void;
  /** The user's record, as `system:my_user_info` shows it. */
  info?: Value;
}

/** Options of {@link startQueryService}. */
export interface QueryServiceOptions extends HttpAppOptions {
  host?: string;
  /** Port (default 8093; 0 = any free port). */
  port?: number;
  /**
   * Checks HTTP basic credentials (the cluster's users); when given, a request without valid
   * credentials gets 401. Without it the service is open (it listens on 127.0.0.1 by default).
   * Authenticates only: every statement of an authenticated user runs. Prefer {@link principal}.
   */
  authenticate?: (user: string, password: string) => Promise<boolean>;
  /**
   * Authenticates AND authorises (wins over {@link authenticate}): the principal for the
   * request's Authorization header (scheme case-insensitive) and client address, whose
   * `authorize` checks each statement's privileges (13014 on refusal); `{retryAfter}` → 429;
   * undefined → 401. `tokenql serve` passes the cluster admin's `queryPrincipal`.
   */
  principal?: (authorization: string | undefined, address: string) => Promise<QueryPrincipal | { retryAfter: number } | undefined>;
  /**
   * Whether authentication applies to the request at hand (default: always). `tokenql serve`
   * passes "the cluster has a user", so that the service is open only until an administrator exists.
   */
  required?: () => boolean;
  /** Server default and upper bound of a request's `timeout`, in ms (`--query-timeout`; 0 = none). */
  timeoutMs?: number;
  /**
   * Memory all requests may hold together and the default and upper bound of a request's
   * `memory_quota`, in bytes (`--query-memory-quota`; 0 = none).
   */
  memoryQuotaBytes?: number;
}

/**
 * HTTP status for a query error, as the reference's `mapErrorToHttpResponse`: insufficient
 * credentials 401, rate limited 429, timeout and memory quota 200 (the reference has sent its
 * results prefix by then), internal errors 500, unknown keyspace 404, client errors 400.
 */
function httpStatus(e: QueryError): number {
  switch (e.code) {
    case ErrorCode.UNAUTHORIZED:
    case ErrorCode.INSUFFICIENT_CREDENTIALS:
      return 401;
    case ErrorCode.RATE_LIMITED:
      return 429;
    case ErrorCode.RESULT_TOO_LARGE:
      return 413;
    case ErrorCode.TIMEOUT:
    case ErrorCode.MEMORY_QUOTA:
      return 200;
    case ErrorCode.INTERNAL:
      return 500;
    case ErrorCode.KEYSPACE_NOT_FOUND:
      return 404;
  }
  if (e.phase === 'parse' || e.phase === 'semantic' || e.phase === 'service') return 400;
  return 500;
}

/** The reference's `signature`: `{"*":"*"}` when rows are documents, else the field names of the first row. */
function signature(results: Value[]): Value {
  const first = results[0];
  if (first === null || typeof first !== 'object' || Array.isArray(first)) return { $1: 'json' };
  return Object.fromEntries(Object.keys(first).map((k) => [k, 'json']));
}

/** `[user, password]` of an HTTP basic Authorization header, or undefined. */
export function basicCredentials(header: string | undefined): [string, string] | undefined {
  const m = header === undefined ? null : /^basic +([A-Za-z0-9+/=]+) *$/i.exec(header);
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = text.indexOf(':');
  return i < 0 ? undefined : [text.slice(0, i), text.slice(i + 1)];
}

const unauthorized = () =>
  new QueryError({ code: ErrorCode.UNAUTHORIZED, phase: 'service', message: 'User does not have credentials to run queries. Add role query_select on the keyspace.' });

/** The smaller of two limits where 0 or undefined means none. */
function minLimit(a: number | undefined, b: number | undefined): number | undefined {
  if (!a) return b || undefined;
  if (!b) return a;
  return Math.min(a, b);
}

/** What {@link answerServiceRequest} needs besides the request's parameters. */
export interface ServiceRequestContext {
  requestID: string;
  /** `performance.now()` when the request arrived (elapsedTime counts from it). */
  start: number;
  /** The principal's statement authoriser (undefined: every statement runs). */
  authorize?: QueryPrincipal['authorize'];
  /** The user's record, as `system:my_user_info` shows it. */
  users?: Value[];
  /** Aborts the statement (client gone, workbench Cancel). */
  signal: AbortSignal;
  user?: string;
  remoteAddr: string;
  /** The server's limits (QueryServiceOptions.timeoutMs, memoryQuotaBytes). */
  timeoutMs?: number;
  memoryQuotaBytes?: number;
  log?: QueryServiceOptions['log'];
}

/** An HTTP status and JSON body of the query service. */
export interface ServiceAnswer {
  status: number;
  body: Record<string, unknown>;
  /** The error's code when the answer is an error. */
  code?: number;
}

/**
 * Runs one query service request (parameters already read) and answers it in the reference's
 * shape: `{requestID, clientContextID?, signature, results, status, metrics, warnings?, profile?}`,
 * or the error answer of {@link errorAnswer}. The query service's route and the workbench
 * (src/adapters/workbench) share it, so that both run statements the same way.
 */
export async function answerServiceRequest(db: Database, r: ServiceRequest, ctx: ServiceRequestContext): Promise<ServiceAnswer> {
  const { requestID, start } = ctx;
  try {
    if (!r.statement) throw new QueryError({ code: ErrorCode.NO_STATEMENT, phase: 'service', message: 'No statement or prepared value' });
    const result = await db.query(r.statement, {
      params: r.named,
      args: r.positional,
      restricted: true,
      authorize: ctx.authorize,
      signal: ctx.signal,
      profile: r.profile,
      preserveExpiry: r.preserveExpiry,
      durabilityLevel: r.durabilityLevel,
      ...(r.queryContext ? { queryContext: r.queryContext } : {}),
      timeoutMs: minLimit(r.timeoutMs, ctx.timeoutMs),
      memoryQuotaBytes: minLimit(r.memoryQuotaBytes, ctx.memoryQuotaBytes),
      txid: r.txid,
      tximplicit: r.tximplicit,
      txtimeoutMs: r.txtimeoutMs,
      request: { requestId: requestID, clientContextId: r.clientContextId, user: ctx.user, remoteAddr: ctx.remoteAddr },
      ...(ctx.users ? { users: ctx.users } : {}),
    });
    return {
      status: 200,
      body: {
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
        ...(result.profile ? { profile: { ...result.profile, requestTime: new Date(Date.now() - (performance.now() - start)).toISOString() } } : {}),
      },
    };
  } catch (err) {
    return errorAnswer(err, { requestID, clientContextId: r.clientContextId, start, log: ctx.log });
  }
}

/**
 * The error answer of a request: `{requestID, clientContextID?, errors: [e], status, metrics}`
 * with the status of {@link httpStatus}. An unexpected exception becomes a 5000 internal error
 * whose cause goes to the log only.
 */
export function errorAnswer(err: unknown, ctx: { requestID: string; clientContextId?: string; start: number; log?: QueryServiceOptions['log'] }): ServiceAnswer {
  const { requestID, clientContextId, start } = ctx;
  let e: QueryError;
  if (err instanceof QueryError && err.code !== ErrorCode.INTERNAL) e = err;
  else if (err instanceof RangeError && /string length/i.test(err.message)) {
    // The answer does not fit in one JSON text (V8's ~512 MiB string limit).
    e = new QueryError({ code: ErrorCode.RESULT_TOO_LARGE, phase: 'service', message: 'User has exceeded results size limit' });
  } else {
    // The cause goes to the log only: the answer carries no stack and no internals.
    const cause = err instanceof QueryError ? (err.cause ?? err) : err;
    ctx.log?.(`internal error in request ${requestID}: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`, 'error');
    e = err instanceof QueryError ? new QueryError({ code: ErrorCode.INTERNAL, phase: err.phase, message: err.message }) : new QueryError({ code: ErrorCode.INTERNAL, phase: 'service', message: 'Internal error' });
  }
  const execution = e.code === ErrorCode.TIMEOUT || e.code === ErrorCode.MEMORY_QUOTA;
  return {
    status: httpStatus(e),
    code: e.code,
    body: {
      requestID,
      ...(clientContextId !== undefined ? { clientContextID: clientContextId } : {}),
      // The reference marks a timeout retryable (`"retry": true`).
      errors: [e.code === ErrorCode.TIMEOUT && e.message.startsWith('Timeout') ? { ...e.toJSON(), retry: true } : e.toJSON()],
      status: execution || e.phase === 'service' || e.phase === 'parse' || e.phase === 'semantic' ? 'fatal' : 'errors',
      metrics: { elapsedTime: formatDuration(performance.now() - start), executionTime: formatDuration(performance.now() - start), resultCount: 0, resultSize: 0, errorCount: 1 },
    },
  };
}

/** Adds `POST /query/service` (and `GET` with the statement in the query string) to an app. */
export function addQueryRoutes(app: FastifyInstance, db: Database, options: QueryServiceOptions): void {
  if (options.memoryQuotaBytes) db.memoryPool.limit = options.memoryQuotaBytes;
  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const requestID = randomUUID();
    const start = performance.now();
    let clientContextId: string | undefined;
    // A client that goes away cancels its request (the reference's CLOSED state).
    const controller = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) controller.abort(new QueryError({ code: ErrorCode.REQUEST_STOPPED, phase: 'service', message: 'Request cancelled: the client closed the connection' }));
    };
    reply.raw.once('close', onClose);
    try {
      let authorize: QueryPrincipal['authorize'] | undefined;
      let users: Value[] | undefined;
      if ((options.principal || options.authenticate) && (options.required?.() ?? true)) {
        if (options.principal) {
          const p = await options.principal(request.headers.authorization, request.ip);
          if (p && 'retryAfter' in p) {
            reply.header('Retry-After', String(p.retryAfter));
            throw new QueryError({ code: ErrorCode.RATE_LIMITED, phase: 'service', message: 'Too many failed logins; retry later' });
          }
          if (!p) throw unauthorized();
          request.logUser = p.user;
          authorize = p.authorize;
          if (p.info !== undefined) users = [p.info];
        } else {
          const cred = basicCredentials(request.headers.authorization);
          if (!cred || !(await options.authenticate!(cred[0], cred[1]))) throw unauthorized();
          request.logUser = cred[0];
        }
      }
      const r = readServiceRequest(request.headers['content-type'], rawBody(request), queryOf(request));
      clientContextId = r.clientContextId;
      const answer = await answerServiceRequest(db, r, { requestID, start, authorize, users, signal: controller.signal, user: request.logUser, remoteAddr: request.ip, timeoutMs: options.timeoutMs, memoryQuotaBytes: options.memoryQuotaBytes, log: options.log });
      return sendJson(reply, answer.status, answer.body);
    } catch (err) {
      const answer = errorAnswer(err, { requestID, clientContextId, start, log: options.log });
      if (answer.code === ErrorCode.UNAUTHORIZED) reply.header('WWW-Authenticate', 'Basic realm="Couchbase Query"');
      return sendJson(reply, answer.status, answer.body);
    } finally {
      reply.raw.off('close', onClose);
    }
  };
  app.post('/query/service', handler);
  app.get('/query/service', handler);
  addLibraryRoutes(app, db, options);
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
