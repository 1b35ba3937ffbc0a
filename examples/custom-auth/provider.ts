/**
 * A local test identity provider for the custom-authentication example. It is not OpenID
 * Connect: it issues opaque access tokens in its own format,
 * `tp1.<base64url(JSON {sub, name, email, exp})>.<base64url(HMAC-SHA256)>`, and validates them at
 * `GET /userinfo` — the way an app server checks an access token with an external provider.
 *
 * - `POST /token` `{"username","password"}` → `{access_token, token_type: "Bearer", expires_in}`
 * - `GET /userinfo` with `Authorization: Bearer <token>` → `{sub, name, email}`, or 401.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createHttpApp, listen, rawBody, sendJson, type Listener } from '../../src/adapters/http/server.js';

export interface ProviderUser {
  password: string;
  sub: string;
  email: string;
}

export interface ProviderOptions {
  /** username → account */
  users: Record<string, ProviderUser>;
  /** Token lifetime in seconds (default 3600). */
  tokenTtl?: number;
  /** HMAC key (default random per process). */
  secret?: Buffer;
}

const b64 = (b: Buffer | string): string => Buffer.from(b).toString('base64url');

/** Issues and validates the provider's access tokens. */
export class TokenSigner {
  constructor(private readonly secret: Buffer) {}

  sign(claims: { sub: string; name: string; email: string; exp: number }): string {
    const payload = b64(JSON.stringify(claims));
    return `tp1.${payload}.${b64(createHmac('sha256', this.secret).update(payload).digest())}`;
  }

  /** The claims of a valid, unexpired token; undefined otherwise. */
  verify(token: string, now = Date.now()): { sub: string; name: string; email: string; exp: number } | undefined {
    const [v, payload, mac] = token.split('.');
    if (v !== 'tp1' || payload === undefined || mac === undefined) return undefined;
    const want = createHmac('sha256', this.secret).update(payload).digest();
    const got = Buffer.from(mac, 'base64url');
    if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims.exp === 'number' && claims.exp * 1000 > now ? claims : undefined;
  }
}

/** Starts the provider on 127.0.0.1 (any free port). */
export async function startProvider(options: ProviderOptions): Promise<Listener & { signer: TokenSigner }> {
  const signer = new TokenSigner(options.secret ?? randomBytes(32));
  const ttl = options.tokenTtl ?? 3600;
  const app = createHttpApp();
  app.post('/token', async (request, reply) => {
    let body: { username?: unknown; password?: unknown } = {};
    try {
      body = JSON.parse(rawBody(request) || '{}');
    } catch {
      return sendJson(reply, 400, { error: 'invalid_request' });
    }
    const user = typeof body.username === 'string' ? options.users[body.username] : undefined;
    if (!user || user.password !== body.password) return sendJson(reply, 401, { error: 'invalid_grant' });
    const exp = Math.floor(Date.now() / 1000) + ttl;
    const access_token = signer.sign({ sub: user.sub, name: String(body.username), email: user.email, exp });
    return sendJson(reply, 200, { access_token, token_type: 'Bearer', expires_in: ttl });
  });
  app.get('/userinfo', async (request, reply) => {
    const h = request.headers.authorization ?? '';
    const claims = h.startsWith('Bearer ') ? signer.verify(h.slice(7)) : undefined;
    if (!claims) return sendJson(reply.header('www-authenticate', 'Bearer error="invalid_token"'), 401, { error: 'invalid_token' });
    return sendJson(reply, 200, { sub: claims.sub, name: claims.name, email: claims.email });
  });
  return { ...(await listen(app)), signer };
}
