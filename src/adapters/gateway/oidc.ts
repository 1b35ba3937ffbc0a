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
  /** Time a discovery document is used before it is fetched again (default 1 h). */
  discoveryMaxAgeMs?: number;
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
  /** The discovery in flight, shared by the tokens that wait for it. */
  pending?: Promise<KeySet | undefined>;
}

const NBF_LEEWAY_S = 300;
/** Standard discovery: up to 5 attempts, 500 ms apart (§5.2). */
const DISCOVERY_ATTEMPTS = 5;
const DISCOVERY_RETRY_WAIT_MS = 500;

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

  /** One fetch of the discovery document: the key set of its `jwks_uri` (throws on any problem). */
  private async fetchDocument(p: OidcProviderConfig, url: string): Promise<KeySet> {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
    if (!res.ok) throw new Error(`status ${res.status}`);
    const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (doc.issuer !== p.issuer) throw new Error(`the document's issuer ${JSON.stringify(doc.issuer)} is not the configured one`);
    if (typeof doc.jwks_uri !== 'string') throw new Error('no jwks_uri');
    return remoteKeySet(new URL(doc.jwks_uri), this.options.jwksMaxAgeMs ?? 600_000);
  }

  /**
   * Discovery (§5.2): standard discovery (`<issuer>/.well-known/openid-configuration`) makes up
   * to 5 attempts, 500 ms apart; a configured `discovery_url` one (as the reference's custom
   * discovery). Undefined when every attempt failed; the failure is not remembered.
   */
  private async discover(p: OidcProviderConfig): Promise<KeySet | undefined> {
    const url = p.discovery_url ?? `${p.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const attempts = p.discovery_url === undefined ? DISCOVERY_ATTEMPTS : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.fetchDocument(p, url);
      } catch (err) {
        this.log(`oidc provider ${p.label}: discovery at ${url} failed (attempt ${attempt}/${attempts}): ${(err as Error).message}`);
        if (attempt >= attempts) return undefined;
        await new Promise((r) => setTimeout(r, DISCOVERY_RETRY_WAIT_MS));
      }
    }
  }

  /** Runs one discovery for the provider (shared while in flight) and keeps its key set. */
  private rediscover(p: OidcProviderConfig, s: ProviderState): Promise<KeySet | undefined> {
    s.pending ??= this.discover(p).then((keys) => {
      s.pending = undefined;
      if (keys) {
        s.keys = keys;
        s.fetchedAt = this.clock();
      }
      return s.keys;
    });
    return s.pending;
  }

  /**
   * The provider's key set: discovered on first use (the token waits); after `discoveryMaxAgeMs`
   * discovered again in the background while the old keys go on serving (kept if that fails).
   */
  private async keys(p: OidcProviderConfig): Promise<KeySet | undefined> {
    const s = this.state.get(p.label) ?? { fetchedAt: 0 };
    this.state.set(p.label, s);
    if (!s.keys) return this.rediscover(p, s);
    if (this.clock() - s.fetchedAt >= (this.options.discoveryMaxAgeMs ?? 3_600_000)) void this.rediscover(p, s);
    return s.keys;
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
