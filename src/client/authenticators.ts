/**
 * The replicator's authenticators (spec gateway-client.md §2-3, seed area A "Basic" and "Custom").
 *
 * - {@link BasicAuthenticator}: the credentials go on the first request, `POST /{db}/_session`,
 *   which answers with the session cookie; every later request carries only the cookie. When the
 *   gateway rejects the cookie (401, e.g. the session expired), the client logs in with the
 *   credentials once more and repeats the request; a second 401 is final.
 * - {@link SessionAuthenticator}: sends `Cookie: <cookieName>=<sessionId>` and never an
 *   `Authorization` header. The session is never refreshed by the client: on 401 the replicator
 *   stops and the application must obtain a new session (seed: session-expiry rule).
 */

/** The session cookie name of the tokenql gateway (the `cookie_name` of admin `POST /_session`). */
export const DEFAULT_COOKIE_NAME = 'GatewaySession';

/** Something that authenticates the replicator's requests. */
export type Authenticator = BasicAuthenticator | SessionAuthenticator;

/** Username and password; exchanged for a session cookie on the first request. */
export class BasicAuthenticator {
  readonly kind = 'basic';
  constructor(
    readonly username: string,
    readonly password: string,
  ) {}

  /** The value of the `Authorization` header. */
  authorization(): string {
    return `Basic ${Buffer.from(`${this.username}:${this.password}`, 'utf8').toString('base64')}`;
  }
}

/** A session created elsewhere (an app server, or an ID token exchange), sent as a cookie. */
export class SessionAuthenticator {
  readonly kind = 'session';
  constructor(
    readonly sessionId: string,
    readonly cookieName: string = DEFAULT_COOKIE_NAME,
  ) {}
}
