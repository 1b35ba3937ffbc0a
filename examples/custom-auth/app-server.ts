/**
 * The custom-authentication example's application server (seed area A, "Custom"): it sits beside
 * the gateway, the only party that can reach the gateway's admin API.
 *
 * `POST /login` `{"access_token": "<provider token>"}`:
 * 1. validates the token with the provider (`GET {provider}/userinfo`) — 401 if it is not valid;
 * 2. on the user's first login creates the gateway user through the admin API
 *    (`POST {admin}/{db}/_user/` with a random password nobody uses; 409 means it exists);
 * 3. creates a session (`POST {admin}/{db}/_session` `{name, ttl}`);
 * 4. answers `{session_id, cookie_name, expires, cookie}`, the session in cookie form, for
 *    `new SessionAuthenticator(session_id, cookie_name)`.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createHttpApp, listen, rawBody, sendJson, type Listener } from '../../src/adapters/http/server.js';

export interface AppServerOptions {
  /** The provider's base URL (`/userinfo` is appended). */
  providerUrl: string;
  /** The gateway admin API's base URL, e.g. `http://127.0.0.1:4985`. */
  gatewayAdminUrl: string;
  /** The gateway database. */
  db: string;
  /** Session lifetime in seconds (default 86400). */
  sessionTtl?: number;
}

/** The gateway user name of a provider subject. */
export const gatewayUserOf = (sub: string): string => `provider_${sub.replace(/[^A-Za-z0-9_.@-]/g, '_')}`;

async function call(url: string, init: RequestInit): Promise<{ status: number; body: any }> { // wire JSON
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** Builds the app server (not listening). */
export function createAppServer(options: AppServerOptions): FastifyInstance {
  const app = createHttpApp();
  const known = new Set<string>();
  const admin = (path: string, body: unknown) =>
    call(`${options.gatewayAdminUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.db)}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  app.post('/login', async (request, reply) => {
    let token: unknown;
    try {
      token = JSON.parse(rawBody(request) || '{}').access_token;
    } catch {
      token = undefined;
    }
    if (typeof token !== 'string' || token === '') return sendJson(reply, 400, { error: 'Bad Request', reason: 'access_token required' });
    const info = await call(`${options.providerUrl.replace(/\/+$/, '')}/userinfo`, { headers: { authorization: `Bearer ${token}` } });
    if (info.status !== 200 || typeof info.body?.sub !== 'string') return sendJson(reply, 401, { error: 'Unauthorized', reason: 'Invalid access token' });
    const name = gatewayUserOf(info.body.sub);
    if (!known.has(name)) {
      const created = await admin('/_user/', { name, password: randomBytes(24).toString('hex') });
      if (created.status !== 201 && created.status !== 409) return sendJson(reply, 502, { error: 'Bad Gateway', reason: `user creation failed (${created.status})` });
      known.add(name);
    }
    const session = await admin('/_session', { name, ttl: options.sessionTtl ?? 86400 });
    if (session.status !== 200) return sendJson(reply, 502, { error: 'Bad Gateway', reason: `session creation failed (${session.status})` });
    const { session_id, cookie_name, expires } = session.body as { session_id: string; cookie_name: string; expires: string };
    const cookie = { name: cookie_name, value: session_id, path: `/${options.db}`, expires, secure: false, httpOnly: false };
    return sendJson(reply, 200, { session_id, cookie_name, expires, cookie });
  });
  return app;
}

/** Builds and starts the app server on 127.0.0.1 (any free port unless `port` is given). */
export async function startAppServer(options: AppServerOptions, port = 0): Promise<Listener> {
  return listen(createAppServer(options), '127.0.0.1', port);
}
