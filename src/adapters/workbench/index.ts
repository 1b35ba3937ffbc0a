/**
 * The query workbench (docs/workbench.md): a single-page web UI served at `/ui/` on the cluster
 * admin listener, behind a login with the cluster's users. Statements run under the logged-in
 * user's roles through the query service's own code path ({@link answerServiceRequest}), so that
 * the workbench can do exactly what that user's REST requests to the query service could.
 *
 * Routes (all under `/ui`):
 * - `GET /ui/`: the page (302 to `/ui/login` without a session; 503 when the assets are not built);
 * - `GET /ui/login`: the login page; `GET /ui/assets/*`: the bundled scripts and styles (public);
 * - `POST /ui/api/login` `{user, password}` (JSON): sets the session cookie, answers `{user, csrf}`;
 * - `GET /ui/api/session`: `{user, roles, csrf, functions}` or 401;
 * - `GET /ui/api/keyspaces`: `{keyspaces}`, the keyspaces the user may SELECT from (the
 *   keyspaces panel; system:keyspaces needs the query_system_catalog role);
 * - `GET /ui/api/cluster`: `{autoCompaction, tasks}`, each null when the user may not read it;
 * - `POST /ui/api/query`: the query service's JSON parameters (`statement`, `client_context_id`,
 *   `args`, `$name`, `profile`, …), answered as `/query/service` answers;
 * - `POST /ui/api/cancel` `{client_context_id}`: stops one of the session's running statements;
 * - `POST /ui/api/logout`.
 * Every POST but the login needs the session's CSRF token in `X-CSRF-Token` (403 without it).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, QueryError, functionNames, type Database, type PrivilegeNeed, type Value } from '../../index.js';
import { rawBody, sendJson } from '../http/server.js';
import { answerServiceRequest, errorAnswer, readServiceRequest } from '../query/index.js';
import { csrfMatches, SessionStore, SESSION_COOKIE, type Session } from './sessions.js';
import { defaultUiDir, NOT_BUILT_PAGE } from './ui-files.js';

export { SessionStore, SESSION_COOKIE, IDLE_MS, MAX_AGE_MS } from './sessions.js';
export { defaultUiDir } from './ui-files.js';

/** What a logged-in user may do: its statement authoriser and its record. */
export interface WorkbenchPrincipal {
  user: string;
  /** Role names as stored (`admin`, `query_select[product]`), shown on the page. */
  roles: string[];
  authorize: (needs: PrivilegeNeed[]) => void;
  /** The user's record, as `system:my_user_info` shows it. */
  info?: Value;
}

/** Options of {@link addWorkbenchRoutes}. */
export interface WorkbenchOptions {
  /** Directory of the built assets (default: the package's `dist/ui`, {@link defaultUiDir}). */
  uiDir?: string;
  /** Default and largest `timeout` of a statement, in ms (the query service's `--query-timeout`; 0 = none). */
  timeoutMs?: number;
  /** Largest `memory_quota` of a statement, in bytes (0 = none). */
  memoryQuotaBytes?: number;
}

/** What the admin listener gives the workbench. */
export interface WorkbenchDeps {
  db: Database;
  /** Checks a login: the user's id, undefined (wrong credentials) or `{retryAfter}` (rate limited). */
  login(user: string, password: string, address: string): Promise<{ user: string } | { retryAfter: number } | undefined>;
  /** The current roles of a user (undefined: the user is gone or has no role left). */
  principal(user: string): WorkbenchPrincipal | undefined;
  log?: (line: string, level?: 'error' | 'warn' | 'info' | 'debug') => void;
  /**
   * The cluster's auto-compaction settings (as `GET /settings/autoCompaction`) and running tasks
   * (as `GET /pools/default/tasks`) for a user, each null when the user's roles may not read it.
   */
  cluster?(user: string): { autoCompaction: unknown; tasks: unknown };
}

/** The workbench's routes, once registered: close ends every session. */
export interface Workbench {
  sessions: SessionStore;
  close(): void;
}

/** Content-Security-Policy of the pages: only this origin's scripts; CodeMirror injects style elements. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .send(Buffer.from(html, 'utf8'));
}

function apiError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return sendJson(reply.header('cache-control', 'no-store'), status, { error: message });
}

/** Header of the 401 that means "no session" (the page goes to the login), not a statement's 13014 refusal. */
export const LOGIN_REQUIRED_HEADER = 'x-workbench-login';

function notLoggedIn(reply: FastifyReply): FastifyReply {
  return apiError(reply.header(LOGIN_REQUIRED_HEADER, 'required'), 401, 'not logged in');
}

function parseJsonBody(request: FastifyRequest): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(rawBody(request)) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isJson(request: FastifyRequest): boolean {
  return /^application\/json\b/i.test(request.headers['content-type'] ?? '');
}

/**
 * Registers the workbench's routes on a fastify app (the cluster admin listener). Must be awaited
 * before the app listens (it registers the cookie and static-file plugins).
 */
export async function addWorkbenchRoutes(app: FastifyInstance, deps: WorkbenchDeps, options: WorkbenchOptions = {}): Promise<Workbench> {
  const uiDir = options.uiDir ?? defaultUiDir();
  const sessions = new SessionStore();
  await app.register(fastifyCookie);
  const built = existsSync(join(uiDir, 'index.html')) && existsSync(join(uiDir, 'login.html'));
  const pages = built ? { index: readFileSync(join(uiDir, 'index.html'), 'utf8'), login: readFileSync(join(uiDir, 'login.html'), 'utf8') } : undefined;
  if (built && existsSync(join(uiDir, 'assets'))) {
    await app.register(fastifyStatic, { root: join(uiDir, 'assets'), prefix: '/ui/assets/', preCompressed: true, decorateReply: false, index: false, list: false, dotfiles: 'deny' });
  }
  if (!built) deps.log?.(`workbench assets not found in ${uiDir}: /ui/ answers 503 (run \`npm run build:ui\`)`, 'warn');

  const cookieOptions = (request: FastifyRequest) => ({ path: '/ui', httpOnly: true, sameSite: 'strict' as const, secure: request.protocol === 'https' });

  /** The request's live session and its user's current principal, or undefined. */
  const current = (request: FastifyRequest): { session: Session; principal: WorkbenchPrincipal } | undefined => {
    const session = sessions.get(request.cookies[SESSION_COOKIE]);
    if (!session) return undefined;
    const principal = deps.principal(session.user);
    if (!principal) {
      sessions.end(session.id);
      return undefined;
    }
    request.logUser = session.user;
    return { session, principal };
  };

  /** The session of an API POST, after the CSRF check; undefined after having answered 401/403. */
  const checkedPost = (request: FastifyRequest, reply: FastifyReply): { session: Session; principal: WorkbenchPrincipal } | undefined => {
    const c = current(request);
    if (!c) {
      notLoggedIn(reply);
      return undefined;
    }
    if (!csrfMatches(c.session, request.headers['x-csrf-token'])) {
      apiError(reply, 403, 'missing or wrong CSRF token (X-CSRF-Token header)');
      return undefined;
    }
    return c;
  };

  app.get('/ui', (_request, reply) => reply.redirect('/ui/', 302));
  app.get('/ui/', (request, reply) => {
    if (!pages) return sendPage(reply, 503, NOT_BUILT_PAGE);
    if (!current(request)) return reply.header('cache-control', 'no-store').redirect('/ui/login', 302);
    return sendPage(reply, 200, pages.index);
  });
  app.get('/ui/login', (_request, reply) => (pages ? sendPage(reply, 200, pages.login) : sendPage(reply, 503, NOT_BUILT_PAGE)));

  app.post('/ui/api/login', async (request, reply) => {
    // A JSON body only: a cross-site form cannot send one, and a cross-site script would need a
    // CORS preflight that this listener never grants.
    if (!isJson(request)) return apiError(reply, 415, 'expected a JSON body {user, password}');
    const body = parseJsonBody(request);
    const user = body?.user;
    const password = body?.password;
    if (typeof user !== 'string' || typeof password !== 'string') return apiError(reply, 400, 'expected a JSON body {user, password}');
    const r = await deps.login(user, password, request.ip);
    if (r && 'retryAfter' in r) return apiError(reply.header('Retry-After', String(r.retryAfter)), 429, 'too many failed logins; retry later');
    if (!r || !deps.principal(r.user)) return apiError(reply, 401, 'wrong user name or password');
    const old = sessions.get(request.cookies[SESSION_COOKIE]);
    if (old) sessions.end(old.id);
    const session = sessions.open(r.user);
    request.logUser = r.user;
    reply.setCookie(SESSION_COOKIE, session.id, cookieOptions(request));
    return sendJson(reply.header('cache-control', 'no-store'), 200, { user: session.user, csrf: session.csrf });
  });

  app.get('/ui/api/session', (request, reply) => {
    const c = current(request);
    if (!c) return notLoggedIn(reply);
    return sendJson(reply.header('cache-control', 'no-store'), 200, { user: c.session.user, roles: c.principal.roles, csrf: c.session.csrf, functions: functionNames() });
  });

  app.get('/ui/api/keyspaces', (request, reply) => {
    const c = current(request);
    if (!c) return notLoggedIn(reply);
    const selectable = (k: string): boolean => {
      try {
        c.principal.authorize([{ privilege: 'query_select', keyspace: `default:${k}`, bucket: k }]);
        return true;
      } catch {
        return false;
      }
    };
    // Names starting with `_` are internal (the cluster's `_system`): hidden from restricted callers, as the engine hides them.
    return sendJson(reply.header('cache-control', 'no-store'), 200, { keyspaces: deps.db.keyspaces().filter((k) => !k.startsWith('_') && selectable(k)) });
  });

  app.get('/ui/api/cluster', (request, reply) => {
    const c = current(request);
    if (!c) return notLoggedIn(reply);
    return sendJson(reply.header('cache-control', 'no-store'), 200, deps.cluster?.(c.session.user) ?? { autoCompaction: null, tasks: null });
  });

  app.post('/ui/api/logout', (request, reply) => {
    const c = checkedPost(request, reply);
    if (!c) return reply;
    sessions.end(c.session.id);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    return sendJson(reply, 200, { ok: true });
  });

  app.post('/ui/api/query', async (request, reply) => {
    const c = checkedPost(request, reply);
    if (!c) return reply;
    const requestID = randomUUID();
    const start = performance.now();
    const controller = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) controller.abort(new QueryError({ code: ErrorCode.REQUEST_STOPPED, phase: 'service', message: 'Request cancelled: the client closed the connection' }));
    };
    reply.raw.once('close', onClose);
    let ccid: string | undefined;
    try {
      if (!isJson(request)) throw new QueryError({ code: ErrorCode.BAD_REQUEST_VALUE, phase: 'service', message: 'The workbench sends its parameters as a JSON object' });
      const r = readServiceRequest(request.headers['content-type'], rawBody(request), new URLSearchParams());
      ccid = r.clientContextId ??= randomUUID();
      c.session.running.set(ccid, controller);
      const answer = await answerServiceRequest(deps.db, r, {
        requestID,
        start,
        authorize: c.principal.authorize,
        ...(c.principal.info !== undefined ? { users: [c.principal.info] } : {}),
        signal: controller.signal,
        user: c.session.user,
        remoteAddr: request.ip,
        timeoutMs: options.timeoutMs,
        memoryQuotaBytes: options.memoryQuotaBytes,
        log: deps.log,
      });
      return sendJson(reply.header('cache-control', 'no-store'), answer.status, answer.body);
    } catch (err) {
      const answer = errorAnswer(err, { requestID, clientContextId: ccid, start, log: deps.log });
      return sendJson(reply.header('cache-control', 'no-store'), answer.status, answer.body);
    } finally {
      reply.raw.off('close', onClose);
      if (ccid !== undefined && c.session.running.get(ccid) === controller) c.session.running.delete(ccid);
    }
  });

  app.post('/ui/api/cancel', (request, reply) => {
    const c = checkedPost(request, reply);
    if (!c) return reply;
    const ccid = parseJsonBody(request)?.client_context_id;
    if (typeof ccid !== 'string') return apiError(reply, 400, 'expected a JSON body {client_context_id}');
    const controller = c.session.running.get(ccid);
    controller?.abort(new QueryError({ code: ErrorCode.REQUEST_STOPPED, phase: 'execution', message: 'Request cancelled' }));
    return sendJson(reply, 200, { cancelled: controller !== undefined });
  });

  return { sessions, close: () => sessions.endAll() };
}
