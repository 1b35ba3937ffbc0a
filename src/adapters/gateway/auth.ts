/**
 * Choosing the user of a public request (spec gateway-reference.md §3.1), in the reference's order:
 * 1. `Authorization: Bearer <id_token>` when the database has OIDC providers (§5);
 * 2. Basic credentials (unless `disable_password_auth`), slowed after repeated failures (429);
 * 3. the session cookie (sliding refresh §4.3, one-time sessions consumed §4.5);
 * 4. the GUEST, disabled by default.
 * Cookie failures are ignored on the public-privilege endpoints (`GET|HEAD|POST /{db}/_session`).
 * `WWW-Authenticate` goes with a failed Basic credential and with a refused guest, never with
 * Bearer or cookie failures; `disable_password_auth` or `send_www_authenticate_header:false`
 * suppress it. Unlike the reference, disabled users' sessions and tokens are rejected (§4.6).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from './context.js';
import type { GatewayDatabase } from './runtime.js';
import { QueueFull } from '../http/semaphore.js';
import { EMAIL, newSessionUuid, type StoredUser } from './users.js';
import { WWW_AUTHENTICATE, cookieValue, parseBasicCredentials, refreshedCookie, sendError } from './wire.js';

export type AuthMode = 'login-required' | 'public-privilege';

export type AuthResult =
  | { ok: true; principal: Principal; user: StoredUser }
  | { ok: false; status: 401 | 429; reason: string; www: boolean; retryAfter?: number };

const GUEST_NAME = 'GUEST';

/** Key of the login limiter: database, user name and client address. */
function limiterKey(gdb: GatewayDatabase, name: string, request: FastifyRequest): string {
  return `${gdb.name}\0${name}\0${request.ip}`;
}

/**
 * Checks a name and password under the login limiter: the user; the 429 failure (with
 * `retryAfter` in seconds) while the limiter holds this name and address back; undefined when
 * they do not match (counted as a failure, and logged as a failed `via` login).
 */
export async function passwordLogin(
  gdb: GatewayDatabase,
  name: string,
  password: string,
  request: FastifyRequest,
  via: 'basic' | 'session',
): Promise<StoredUser | AuthFailure | undefined> {
  const key = limiterKey(gdb, name, request);
  // Counted before the hash: concurrent attempts see each other (no burst past max_failures).
  const wait = gdb.limiter.begin(key);
  if (wait > 0) return tooManyLogins(wait);
  let user: StoredUser | undefined;
  try {
    user = await gdb.users.authenticate(name, password);
  } catch (e) {
    gdb.limiter.fail(key);
    if (e instanceof QueueFull) return tooManyLogins(1);
    throw e;
  }
  if (user) gdb.limiter.succeed(key);
  else {
    gdb.limiter.fail(key);
    gdb.log(`db ${gdb.name}: ${via} login failed for ${JSON.stringify(name)} from ${request.ip}`);
  }
  return user;
}

/** An authentication failure: its status, reason and headers. */
type AuthFailure = Extract<AuthResult, { ok: false }>;

/** The 429 answer while the login limiter holds a name back. */
const tooManyLogins = (retryAfter: number): AuthFailure => ({
  ok: false,
  status: 429,
  reason: 'Too many failed logins; retry later',
  www: false,
  retryAfter,
});

/** The user of a verified ID token, registered on first use when the provider says so (§5.4). */
async function bearerUser(gdb: GatewayDatabase, token: string): Promise<StoredUser | undefined> {
  const verified = await gdb.oidc!.verify(token);
  if (!verified) return undefined;
  const { provider, username } = verified;
  const email = verified.email !== undefined && EMAIL.test(verified.email) ? verified.email : undefined;
  const existing = gdb.users.get(username);
  if (!existing) {
    if (!provider.register) {
      gdb.log(`db ${gdb.name}: bearer token for unknown user ${username} (register is false)`);
      return undefined;
    }
    const user: StoredUser = {
      name: username, disabled: false, admin_channels: [], admin_roles: [], session_uuid: newSessionUuid(),
      ...(email ? { email } : {}), jwt_issuer: provider.issuer, jwt_roles: [], jwt_channels: [], jwt_last_updated: new Date(gdb.clock()).toISOString(),
    };
    await gdb.users.save(user);
    gdb.log(`db ${gdb.name}: registered user ${username} from provider ${provider.label}`);
    return user;
  }
  if (existing.disabled) return undefined;
  if ((email !== undefined && email !== existing.email) || existing.jwt_issuer !== provider.issuer) {
    const updated = { ...existing, ...(email ? { email } : {}), jwt_issuer: provider.issuer, jwt_roles: existing.jwt_roles ?? [], jwt_channels: existing.jwt_channels ?? [], jwt_last_updated: new Date(gdb.clock()).toISOString() };
    await gdb.users.save(updated);
    return updated;
  }
  return existing;
}

function ok(request: FastifyRequest, user: StoredUser, via: Principal['via']): AuthResult {
  const name = user.name === '' ? GUEST_NAME : user.name;
  request.logUser = name;
  return { ok: true, principal: { name, via }, user };
}

/** Authenticates a request of database `gdb` (§3.1); a refreshed session cookie is set on `reply`. */
export async function authenticate(gdb: GatewayDatabase, request: FastifyRequest, reply: FastifyReply, mode: AuthMode): Promise<AuthResult> {
  const cfg = gdb.cfg;
  const www = cfg.send_www_authenticate_header && !cfg.disable_password_auth;
  const authz = request.headers.authorization;
  // 1. Bearer ID token
  if (gdb.oidc && authz?.startsWith('Bearer ')) {
    const user = await bearerUser(gdb, authz.slice(7).trim());
    return user ? ok(request, user, 'bearer') : { ok: false, status: 401, reason: 'Invalid login', www: false };
  }
  // 2. Basic
  const basic = parseBasicCredentials(authz);
  if (basic && !cfg.disable_password_auth) {
    const user = await passwordLogin(gdb, basic.user, basic.password, request, 'basic');
    if (user && 'status' in user) return user;
    return user ? ok(request, user, 'basic') : { ok: false, status: 401, reason: 'Invalid login', www };
  }
  // 3. Session cookie
  const sid = cookieValue(request, cfg.session_cookie_name);
  if (sid !== undefined) {
    const check = gdb.sessions.check(sid);
    if (check.ok) {
      if (check.session.one_time) await gdb.sessions.remove(sid);
      else {
        const expires = await gdb.sessions.refresh(check.session);
        if (expires !== undefined) reply.header('set-cookie', refreshedCookie(cfg, request, sid, expires));
      }
      return ok(request, check.user, 'session');
    }
    if (mode === 'login-required') return { ok: false, status: 401, reason: check.reason, www: false };
  }
  // 4. Guest
  const guest = gdb.users.guest();
  if (!guest.disabled || mode === 'public-privilege') return ok(request, guest, 'guest');
  const provided = basic !== undefined || authz?.startsWith('Bearer ') === true || sid !== undefined;
  return { ok: false, status: 401, reason: provided ? 'Invalid login' : 'Login required', www };
}

/** Sends the 401 or 429 of a failed authentication. */
export function sendAuthFailure(reply: FastifyReply, r: Extract<AuthResult, { ok: false }>): FastifyReply {
  if (r.www) reply.header('WWW-Authenticate', WWW_AUTHENTICATE);
  if (r.retryAfter !== undefined) reply.header('Retry-After', String(r.retryAfter));
  return sendError(reply, r.status, r.reason);
}

/** `GatewayDbContext.requirePrincipal` of a database: the principal, or undefined after answering 401/429. */
export function principalGuard(gdb: GatewayDatabase) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const r = await authenticate(gdb, request, reply, 'login-required');
    if (r.ok) return r.principal;
    sendAuthFailure(reply, r);
    return undefined;
  };
}
