/**
 * OpenID Connect implicit flow (seed area A): exchange an ID token for a gateway session with
 * public `POST /{db}/_session` and `Authorization: Bearer <id_token>`; the session arrives as a
 * Set-Cookie. The client refreshes token and session itself: on a 401 from the replicator, get a
 * fresh token, call this again and restart the replicator with the new authenticator.
 */
import { DEFAULT_COOKIE_NAME, SessionAuthenticator } from './authenticators.js';
import { parseSetCookie } from './cookies.js';
import { HttpError, errorOf, fetchAnswer, httpUrl } from './http.js';

/** A session obtained from the gateway. */
export interface GatewaySession {
  sessionId: string;
  cookieName: string;
  /** From the cookie's `Expires` attribute, when present. */
  expires?: Date;
  /** A SessionAuthenticator for this session. */
  authenticator: SessionAuthenticator;
}

/** `POST {dbUrl}/_session` with the ID token as Bearer; rejects with HttpError (e.g. 401 `Invalid login`). */
export async function sessionFromIdToken(dbUrl: string, idToken: string, cookieName = DEFAULT_COOKIE_NAME): Promise<GatewaySession> {
  const res = await fetchAnswer(`${httpUrl(dbUrl)}/_session`, { method: 'POST', headers: { authorization: `Bearer ${idToken}`, accept: 'application/json' } });
  if (res.status >= 300) throw errorOf(res);
  for (const c of res.setCookies.map(parseSetCookie)) {
    if (c?.name !== cookieName || c.value === '') continue;
    const session: GatewaySession = { sessionId: c.value, cookieName, authenticator: new SessionAuthenticator(c.value, cookieName) };
    if (c.expires) session.expires = c.expires;
    return session;
  }
  throw new HttpError(res.status, 'No Session Cookie', `the answer set no ${cookieName} cookie`);
}
