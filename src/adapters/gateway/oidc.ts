/**
 * OpenID Connect implicit flow (spec gateway-reference.md §5; seed area A "Implicit flow"):
 * RS256 only (HS256, `none` and every other `alg` → 401), the provider chosen by the token's
 * issuer and audience (§5.1), then as go-oidc's `IDTokenVerifier` (§5.2): the claims first —
 * `iss` and `aud`, `exp` with no leeway and missing = expired, `nbf` with 5 min leeway, `iat`
 * unchecked —, the algorithm among those the discovery document advertises (RS256 when it
 * advertises none of the reference's), and then the signature with the keys of that document
 * (fetched lazily, cached, fetched again whenever no cached key verifies a token: oidc-keys.ts);
 * then the username rule (§5.3); `register` (§5.4) is the caller's.
 */
import { decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import type { OidcProviderConfig } from './config.js';
import { ProviderDiscovery } from './oidc-discovery.js';
import { ALGORITHMS, verifySignature } from './oidc-keys.js';
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
  private readonly discovery: ProviderDiscovery;

  constructor(
    readonly providers: OidcProviderConfig[],
    private readonly clock: () => number,
    options: OidcOptions = {},
    private readonly log: (line: string) => void = () => {},
  ) {
    this.discovery = new ProviderDiscovery(clock, options, log);
  }

  /** §5.1: the only provider, else the first whose issuer equals `iss` and whose client_id is in `aud`. */
  private choose(iss: string, aud: string[]): OidcProviderConfig | undefined {
    if (this.providers.length === 1) return this.providers[0];
    return this.providers.find((p) => p.issuer === iss && aud.includes(p.client_id));
  }

  /** Verifies an ID token; undefined (→ 401 `Invalid login`) on any failure, with the cause logged (never the token). */
  async verify(token: string): Promise<VerifiedToken | undefined> {
    const fail = (why: string): undefined => {
      this.log(`bearer token rejected: ${why}`);
      return undefined;
    };
    let claims: JWTPayload;
    let alg: string;
    try {
      alg = decodeProtectedHeader(token).alg ?? '';
      if (!ALGORITHMS.includes(alg)) return fail(`algorithm ${JSON.stringify(alg)} is not RS256`);
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
    const found = await this.discovery.discovered(provider);
    if (!found) return fail(`provider ${provider.label} has no keys (discovery failed)`);
    if (!found.algorithms.includes(alg)) return fail(`${provider.label}: algorithm ${alg} is not one the provider advertises (${found.algorithms.join(', ')})`);
    try {
      await verifySignature(token, found.keys);
    } catch (err) {
      return fail(`${provider.label}: ${(err as Error).message}`);
    }
    const username = oidcUsername(provider, claims);
    if (username === undefined) return fail(`no usable ${provider.username_claim ?? 'sub'} claim`);
    return { provider, username, email: typeof claims.email === 'string' ? claims.email : undefined, claims };
  }
}
