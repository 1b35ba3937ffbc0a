/**
 * An OpenID provider's signing keys (spec gateway-reference.md §5.2: "a remote key set; an unknown
 * `kid` triggers a refetch"), checked as go-oidc's `RemoteKeySet.verify` does:
 * 1. the cached keys are tried: with a `kid`, the keys of that `kid`; without one, every key;
 * 2. when none verifies the signature (an unknown `kid`, a key replaced under the same `kid`, a
 *    token without `kid` signed by a new key), the key set is fetched again and tried once more.
 * go-oidc has no cooldown: every token that no cached key verifies costs a fetch, and concurrent
 * ones share the fetch in flight (jose's `reload()` does the same). jose's own refetch on an
 * unknown `kid` is switched off (`cooldownDuration: Infinity`) so that a token is never fetched
 * for twice; its `cacheMaxAge` still refreshes the keys after a while.
 */
import { compactVerify, createRemoteJWKSet, errors } from 'jose';

export type KeySet = ReturnType<typeof createRemoteJWKSet>;

/** The only algorithm accepted (seed: RS256 only; compatibility.md). */
export const ALGORITHMS = ['RS256'];

/** A remote key set at `url`, fetched lazily and kept `maxAgeMs`; refetched only by {@link verifySignature}. */
export function remoteKeySet(url: URL, maxAgeMs: number): KeySet {
  return createRemoteJWKSet(url, { cooldownDuration: Infinity, cacheMaxAge: maxAgeMs, timeoutDuration: 5000 });
}

/** Whether a key of the set as it is now verifies the token's signature (every candidate key is tried). */
async function verifiesNow(token: string, keys: KeySet): Promise<boolean> {
  try {
    await compactVerify(token, keys, { algorithms: ALGORITHMS });
    return true;
  } catch (err) {
    if (err instanceof errors.JWKSMultipleMatchingKeys) {
      // No `kid` (or a shared one): jose leaves the choice to us; go-oidc tries each key.
      for await (const key of err) {
        try {
          await compactVerify(token, key, { algorithms: ALGORITHMS });
          return true;
        } catch (e) {
          if (!(e instanceof errors.JWSSignatureVerificationFailed)) throw e;
        }
      }
      return false;
    }
    if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWSSignatureVerificationFailed) return false;
    throw err;
  }
}

/**
 * Verifies the token's signature with the provider's keys (§5.2), fetching the key set again once
 * when no cached key verifies it. Throws when the signature does not verify or the keys cannot be
 * fetched.
 */
export async function verifySignature(token: string, keys: KeySet): Promise<void> {
  // Keys that are not fresh are fetched by the first pass itself (the first token, or after
  // cacheMaxAge): a failure then needs no second fetch.
  const fetchedForThisToken = !keys.fresh;
  if (await verifiesNow(token, keys)) return;
  if (!fetchedForThisToken) {
    await keys.reload();
    if (await verifiesNow(token, keys)) return;
  }
  throw new Error('failed to verify id token signature');
}
