/**
 * OpenID Connect implicit flow (spec gateway-reference.md §5; seed area A "Implicit flow"):
 * RS256 only (HS256, `none` and every other `alg` → 401), the provider chosen by the token's
 * issuer and audience (§5.1), keys from the provider's discovery document and JWKS through jose
 * (fetched lazily, cached, refetched on an unknown `kid` at most once per cooldown), `exp` with no
 * leeway and missing = expired, `nbf` with 5 min leeway, `iss` and `aud` (§5.2), the username
 * rule (§5.3) and `register` (§5.4).
 */
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { OidcProviderConfig } from './config.js';
import { oidcUsername } from './oidc-username.js';

export interface OidcOptions {
  /** Minimum time between two JWKS fetches of a provider (jose `cooldownDuration`, default 30 s). */
  jwksCooldownMs?: number;
  /** Time a fetched JWKS is used before it is fetched again (default 10 min). */
  jwksMaxAgeMs?: number;
  /** Time a discovery document is used, and the wait after a failed discovery (default 1 h / 5 s). */
  discoveryMaxAgeMs?: number;
  discoveryRetryMs?: number;
}

/** A verified token: its provider, derived user name and claims. */
export interface VerifiedToken {
  provider: OidcProviderConfig;
  username: string;
  email?: string;
  claims: JWTPayload;
}

type KeySet = ReturnType<typeof createRemoteJWKSet>;

interface ProviderState {
  keys?: KeySet;
  fetchedAt: number;
  failedAt: number;
  pending?: Promise<KeySet | undefined>;
}

const NBF_LEEWAY_S = 300;

export class OidcVerifier {
  private readonly state = new Map<string, ProviderState>();

  constructor(
    readonly providers: OidcProviderConfig[],
    private readonly clock: () => number,
    private readonly options: OidcOptions = {},
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** §5.1: the only provider, else the first whose issuer equals `iss` and whose client_id is in `aud`. */
  private choose(iss: string, aud: string[]): OidcProviderConfig | undefined {
    if (this.providers.length === 1) return this.providers[0];
    return this.providers.find((p) => p.issuer === iss && aud.includes(p.client_id));
  }

  private async discover(p: OidcProviderConfig): Promise<KeySet | undefined> {
    const url = p.discovery_url ?? `${p.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (doc.issuer !== p.issuer) throw new Error(`the document's issuer ${JSON.stringify(doc.issuer)} is not the configured one`);
      if (typeof doc.jwks_uri !== 'string') throw new Error('no jwks_uri');
      return createRemoteJWKSet(new URL(doc.jwks_uri), {
        cooldownDuration: this.options.jwksCooldownMs ?? 30_000,
        cacheMaxAge: this.options.jwksMaxAgeMs ?? 600_000,
        timeoutDuration: 5000,
      });
    } catch (err) {
      this.log(`oidc provider ${p.label}: discovery at ${url} failed: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** The provider's key set: discovered on first use, re-discovered after its max age; failures wait `discoveryRetryMs`. */
  private async keys(p: OidcProviderConfig): Promise<KeySet | undefined> {
    const s = this.state.get(p.label) ?? { fetchedAt: 0, failedAt: -Infinity };
    this.state.set(p.label, s);
    const now = this.clock();
    if (s.keys && now - s.fetchedAt < (this.options.discoveryMaxAgeMs ?? 3_600_000)) return s.keys;
    if (!s.keys && now - s.failedAt < (this.options.discoveryRetryMs ?? 5000)) return undefined;
    s.pending ??= this.discover(p).then((keys) => {
      s.pending = undefined;
      if (keys) {
        s.keys = keys;
        s.fetchedAt = this.clock();
      } else {
        s.failedAt = this.clock();
      }
      return s.keys;
    });
    return s.pending;
  }

  /** Verifies an ID token; undefined (→ 401 `Invalid login`) on any failure, with the cause logged (never the token). */
  async verify(token: string): Promise<VerifiedToken | undefined> {
    const fail = (why: string): undefined => {
      this.log(`bearer token rejected: ${why}`);
      return undefined;
    };
    let iss: unknown;
    let aud: unknown;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== 'RS256') return fail(`algorithm ${JSON.stringify(header.alg)} is not RS256`);
      ({ iss, aud } = decodeJwt(token));
    } catch {
      return fail('malformed token');
    }
    if (typeof iss !== 'string') return fail('no issuer claim');
    const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
    const provider = this.choose(iss, audiences);
    if (!provider) return fail(`no provider for issuer ${JSON.stringify(iss)}`);
    const keys = await this.keys(provider);
    if (!keys) return fail(`provider ${provider.label} has no keys (discovery failed)`);
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer: provider.issuer,
        audience: provider.client_id,
        clockTolerance: NBF_LEEWAY_S,
        currentDate: new Date(this.clock()),
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (err) {
      return fail(`${provider.label}: ${(err as Error).message}`);
    }
    // jose applies its tolerance to exp as well; the reference gives exp no leeway.
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < this.clock()) return fail('token is expired');
    if (typeof claims.sub !== 'string' || claims.sub === '') return fail('subject not found');
    const username = oidcUsername(provider, claims);
    if (username === undefined) return fail(`no usable ${provider.username_claim ?? 'sub'} claim`);
    return { provider, username, email: typeof claims.email === 'string' ? claims.email : undefined, claims };
  }
}
