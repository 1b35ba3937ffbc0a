/**
 * OpenID provider discovery (spec gateway-reference.md §5.2): the document at
 * `<issuer>/.well-known/openid-configuration` (or `discovery_url`), whose `issuer` must be the
 * configured one, gives the key set of its `jwks_uri` (oidc-keys.ts) and the allowed ID-token
 * algorithms. Standard discovery makes up to 5 attempts, 500 ms apart; a failure is not
 * remembered. Discovered once per provider, lazily, then again after `discoveryMaxAgeMs` in the
 * background.
 */
import type { OidcProviderConfig } from './config.js';
import { remoteKeySet, type KeySet } from './oidc-keys.js';

/** Time limits of discovery and of the key sets (OidcOptions). */
export interface DiscoveryOptions {
  jwksMaxAgeMs?: number;
  discoveryMaxAgeMs?: number;
}

/** What discovery gives (§5.2): the key set and the ID-token algorithms the provider allows. */
export interface Discovered {
  keys: KeySet;
  /** `id_token_signing_alg_values_supported` ∩ the reference's algorithms (§5.1), or RS256 when that is empty. */
  algorithms: string[];
}

interface ProviderState {
  found?: Discovered;
  fetchedAt: number;
  /** The discovery in flight, shared by the tokens that wait for it. */
  pending?: Promise<Discovered | undefined>;
}

/** The algorithms the reference accepts at all (§5.1). */
const REFERENCE_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'EdDSA'];

/** Standard discovery: up to 5 attempts, 500 ms apart (§5.2). */
const DISCOVERY_ATTEMPTS = 5;
const DISCOVERY_RETRY_WAIT_MS = 500;

/** The discovery state of every provider of a database. */
export class ProviderDiscovery {
  private readonly state = new Map<string, ProviderState>();

  constructor(
    private readonly clock: () => number,
    private readonly options: DiscoveryOptions,
    private readonly log: (line: string) => void,
  ) {}

  /** One fetch of the discovery document: its `jwks_uri` key set and allowed algorithms (throws on any problem). */
  private async fetchDocument(p: OidcProviderConfig, url: string): Promise<Discovered> {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
    if (!res.ok) throw new Error(`status ${res.status}`);
    const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown; id_token_signing_alg_values_supported?: unknown };
    if (doc.issuer !== p.issuer) throw new Error(`the document's issuer ${JSON.stringify(doc.issuer)} is not the configured one`);
    if (typeof doc.jwks_uri !== 'string') throw new Error('no jwks_uri');
    const advertised = doc.id_token_signing_alg_values_supported;
    const algorithms = Array.isArray(advertised) ? REFERENCE_ALGORITHMS.filter((a) => advertised.includes(a)) : [];
    return { keys: remoteKeySet(new URL(doc.jwks_uri), this.options.jwksMaxAgeMs ?? 600_000), algorithms: algorithms.length ? algorithms : ['RS256'] };
  }

  /**
   * Discovery (§5.2): standard discovery (`<issuer>/.well-known/openid-configuration`) makes up
   * to 5 attempts, 500 ms apart; a configured `discovery_url` one (as the reference's custom
   * discovery). Undefined when every attempt failed; the failure is not remembered.
   */
  private async discover(p: OidcProviderConfig): Promise<Discovered | undefined> {
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

  /** Runs one discovery for the provider (shared while in flight) and keeps what it found. */
  private rediscover(p: OidcProviderConfig, s: ProviderState): Promise<Discovered | undefined> {
    s.pending ??= this.discover(p).then((found) => {
      s.pending = undefined;
      if (found) {
        s.found = found;
        s.fetchedAt = this.clock();
      }
      return s.found;
    });
    return s.pending;
  }

  /**
   * The provider's keys and algorithms: discovered on first use (the token waits); after
   * `discoveryMaxAgeMs` discovered again in the background while the old ones go on serving
   * (kept if that fails).
   */
  async discovered(p: OidcProviderConfig): Promise<Discovered | undefined> {
    const s = this.state.get(p.label) ?? { fetchedAt: 0 };
    this.state.set(p.label, s);
    if (!s.found) return this.rediscover(p, s);
    if (this.clock() - s.fetchedAt >= (this.options.discoveryMaxAgeMs ?? 3_600_000)) void this.rediscover(p, s);
    return s.found;
  }
}
