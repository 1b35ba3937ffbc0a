/**
 * OpenID Connect implicit flow (spec gateway-reference.md §5; seed area A "Implicit flow"):
 * RS256 only (HS256, `none` and every other `alg` → 401), the provider chosen by the token's
 * issuer and audience (§5.1), then as go-oidc's `IDTokenVerifier` (§5.2): the claims first —
 * `iss` and `aud`, `exp` with no leeway and missing = expired, `nbf` with 5 min leeway, `iat`
 * unchecked — and then the signature with the keys of the provider's discovery document
 * (fetched lazily, cached, fetched again whenever no cached key verifies a token: oidc-keys.ts);
 * then the username rule (§5.3); `register` (§5.4) is the caller's.
 */
import { decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import type { OidcProviderConfig } from './config.js';
import { ALGORITHMS, remoteKeySet, verifySignature, type KeySet } from './oidc-keys.js';
import { oidcUsername } from './oidc-username.js';

export interface OidcOptions {
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

interface ProviderState {
  keys?: KeySet;
  fetchedAt: number;
  failedAt: number;
  pending?: Promise<KeySet | undefined>;
}

const NBF_LEEWAY_S = 300;

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The claim checks of go-oidc's `IDTokenVerifier.Verify` (§5.2), on the token's unverified
 * claims: why the token is refused, or undefined.
 */
function claimProblem(claims: JWTPayload, audiences: string[], provider: OidcProviderConfig, nowMs: number): string | undefined {
  if (claims.iss !== provider.issuer) return `id token issued by a different provider (${JSON.stringify(claims.iss)})`;
  if (!audiences.includes(provider.client_id)) return `expected audience ${JSON.stringify(provider.client_id)}`;
  for (const c of ['exp', 'nbf', 'iat'] as const) if (claims[c] !== undefined && !isTime(claims[c])) return `malformed ${c} claim`;
  if (claims.exp === undefined || claims.exp * 1000 < nowMs) return 'token is expired'; // no leeway; missing = expired
  if (claims.nbf !== undefined && claims.nbf * 1000 > nowMs + NBF_LEEWAY_S * 1000) return 'token is not valid yet (nbf)';
  if (typeof claims.sub !== 'string' || claims.sub === '') return 'subject not found';
  return undefined;
}

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
      return remoteKeySet(new URL(doc.jwks_uri), this.options.jwksMaxAgeMs ?? 600_000);
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
    let claims: JWTPayload;
    try {
      const header = decodeProtectedHeader(token);
      if (!ALGORITHMS.includes(header.alg ?? '')) return fail(`algorithm ${JSON.stringify(header.alg)} is not RS256`);
      claims = decodeJwt(token);
    } catch {
      return fail('malformed token');
    }
    const { iss, aud } = claims;
    if (typeof iss !== 'string') return fail('no issuer claim');
    const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
    const provider = this.choose(iss, audiences);
    if (!provider) return fail(`no provider for issuer ${JSON.stringify(iss)}`);
    // As go-oidc, the claims before the signature: a token refused for them costs no key fetch.
    const problem = claimProblem(claims, audiences, provider, this.clock());
    if (problem) return fail(`${provider.label}: ${problem}`);
    const keys = await this.keys(provider);
    if (!keys) return fail(`provider ${provider.label} has no keys (discovery failed)`);
    try {
      await verifySignature(token, keys);
    } catch (err) {
      return fail(`${provider.label}: ${(err as Error).message}`);
    }
    const username = oidcUsername(provider, claims);
    if (username === undefined) return fail(`no usable ${provider.username_claim ?? 'sub'} claim`);
    return { provider, username, email: typeof claims.email === 'string' ? claims.email : undefined, claims };
  }
}
