/**
 * The public API's own routes (spec gateway-reference.md §3.3–§3.5, §5.5): `GET|HEAD|POST|DELETE
 * /{db}/_session` and `GET /{db}/` (database info). The document routes are registered by
 * another module through `GatewayDbContext`. Routes are registered with the literal database
 * name so that they win over a document route `/{db}/:docid`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { queryOf, sendJson } from '../http/server.js';
import { authenticate, passwordLogin, sendAuthFailure } from './auth.js';
import type { GatewayDatabase } from './runtime.js';
import type { StoredUser } from './users.js';
import { cookieValue, corsLoginCheck, httpDate, sendEmpty, sendError, sessionCookie, strictBody } from './wire.js';

const PUBLIC_SESSION_TTL = 86400;
const ONE_TIME_TTL = 300;

/** `POST /{db}/_session` (§3.3): body credentials, else the authenticated caller; 24 h cookie or a one-time id. */
async function login(gdb: GatewayDatabase, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  if (!corsLoginCheck(gdb.cfg, request, reply)) return reply;
  const auth = await authenticate(gdb, request, reply, 'public-privilege');
  if (!auth.ok) return sendAuthFailure(reply, auth);
  const caller = auth.principal.via === 'guest' ? undefined : auth.user;
  if (gdb.cfg.disable_password_auth && !caller) return sendError(reply, 401, 'Login required');
  let user: StoredUser | undefined;
  const body = gdb.cfg.disable_password_auth ? undefined : strictBody(request, ['name', 'password']);
  const creds = body && 'value' in body ? body.value : undefined;
  if (creds && typeof creds.name === 'string' && creds.name !== '' && typeof creds.password === 'string') {
    const r = await passwordLogin(gdb, creds.name, creds.password, request, 'session');
    if (r && 'status' in r) return sendAuthFailure(reply, r);
    user = r;
  }
  user ??= caller;
  if (!user) {
    if (body && 'error' in body) return sendError(reply, body.status, body.error);
    return sendError(reply, 401, 'Invalid login');
  }
  if (user.disabled) return sendError(reply, 400, 'User is disabled');
  request.logUser = user.name;
  const oneTime = queryOf(request).get('one_time') === 'true';
  const session = await gdb.sessions.create(user, oneTime ? ONE_TIME_TTL : PUBLIC_SESSION_TTL, oneTime);
  if (oneTime) return sendJson(reply, 200, { ...gdb.sessionInfo(user), one_time_session_id: session.id });
  reply.header('set-cookie', sessionCookie(gdb.cfg, request, session.id, session.expiration));
  return sendJson(reply, 200, gdb.sessionInfo(user));
}

/** `DELETE /{db}/_session` (§3.5): login required; deletes the cookie's session and clears the cookie. */
async function logout(gdb: GatewayDatabase, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  if (!corsLoginCheck(gdb.cfg, request, reply)) return reply;
  const auth = await authenticate(gdb, request, reply, 'login-required');
  if (!auth.ok) return sendAuthFailure(reply, auth);
  const sid = cookieValue(request, gdb.cfg.session_cookie_name);
  if (sid === undefined) return sendError(reply, 404, 'no session');
  await gdb.sessions.remove(sid).catch(() => false);
  reply.header('set-cookie', `${gdb.cfg.session_cookie_name}=; Expires=${httpDate(gdb.clock())}`);
  return sendEmpty(reply, 200);
}

/**
 * `GET|HEAD /{db}/_session` (§3.4): who the caller is, after public-style authentication (also on
 * the admin port, where the reference answers it the same way).
 */
export async function sessionInfoRoute(gdb: GatewayDatabase, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const auth = await authenticate(gdb, request, reply, 'public-privilege');
  if (!auth.ok) return sendAuthFailure(reply, auth);
  return request.method === 'HEAD' ? sendEmpty(reply, 200) : sendJson(reply, 200, gdb.sessionInfo(auth.user));
}

/** Registers the public routes of one database. */
export function registerPublicRoutes(app: FastifyInstance, gdb: GatewayDatabase, requirePrincipal: (rq: FastifyRequest, rp: FastifyReply) => Promise<unknown>): void {
  const base = `/${gdb.name}`;
  const info = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await requirePrincipal(request, reply))) return reply;
    return sendJson(reply, 200, gdb.info());
  };
  app.get(`${base}/`, info);
  app.get(base, info);
  const whoami = (request: FastifyRequest, reply: FastifyReply) => sessionInfoRoute(gdb, request, reply);
  app.route({ method: 'GET', url: `${base}/_session`, exposeHeadRoute: false, handler: whoami });
  app.route({ method: 'HEAD', url: `${base}/_session`, handler: whoami });
  app.post(`${base}/_session`, (request, reply) => login(gdb, request, reply));
  app.delete(`${base}/_session`, (request, reply) => logout(gdb, request, reply));
}

/**
 * Requests for no route: an unknown database is 401 (`Login required`, or `Invalid login` when
 * credentials were sent; no WWW-Authenticate, §3.1); a known one authenticates first, then 404.
 */
export function publicNotFound(dbs: Map<string, GatewayDatabase>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const first = request.url.split('?')[0]!.split('/')[1] ?? '';
    let name = first;
    try {
      name = decodeURIComponent(first);
    } catch {
      // a malformed escape: not a database name
    }
    const gdb = dbs.get(name.split('.')[0]!);
    if (gdb) {
      const auth = await authenticate(gdb, request, reply, 'login-required');
      if (!auth.ok) return sendAuthFailure(reply, auth);
      return sendError(reply, 404, 'unknown URL');
    }
    const authz = request.headers.authorization ?? '';
    const provided = /^Basic +\S/i.test(authz) || authz.startsWith('Bearer ') || [...dbs.values()].some((d) => cookieValue(request, d.cfg.session_cookie_name) !== undefined);
    return sendError(reply, 401, provided ? 'Invalid login' : 'Login required');
  };
}
