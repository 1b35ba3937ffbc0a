/**
 * HTTP Basic authentication against the local users of the `_system` keyspace, shared by the
 * cluster admin API (8091) and the query service (8093). Passwords are stored only as a salted
 * scrypt hash (N = 2^14, r = 8, p = 1). Verified credentials are remembered as an HMAC under a
 * per-process random key (never the password itself), so that a client sending the same
 * credentials on every request pays for scrypt once. Hardening (docs/security.md):
 * - an unknown user costs a hash of a dummy, as a known one: no user enumeration by timing;
 * - at most {@link HASH_CONCURRENCY} hashes run at once (libuv's pool has 4 threads by default;
 *   the store's file I/O keeps the others), {@link HASH_QUEUE} more wait, the rest are refused;
 * - failed logins are limited per user name and per client address, counted before the hash
 *   ({@link LoginLimiter}); a refusal is answered 429 with `Retry-After`, after
 *   {@link REFUSAL_DELAY_MS} (at most {@link DELAYED_REFUSALS} wait so at once), so that a client
 *   that retries at once, ignoring `Retry-After`, cannot keep the server busy answering refusals.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hashPassword as hashWith, verifyPassword as verifyWith } from '../../index.js';
import { LoginLimiter, type LoginLimits } from '../http/login-limiter.js';
import { QueueFull, Semaphore } from '../http/semaphore.js';
import { parseRole, type Role } from './rbac.js';
import type { ClusterState, StoredUser } from './state.js';

/**
 * Hashes running at once (of libuv's 4 pool threads; `UV_THREADPOOL_SIZE` raises the pool): 2,
 * or 1 on a machine of 2 cores or fewer, so that hashing never takes every core from the event
 * loop (a scrypt hash is ~50 ms of CPU).
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Hashes waiting for a slot before further ones are refused (QueueFull → 429). */
export const HASH_QUEUE = 64;
const hashSlots = new Semaphore(HASH_CONCURRENCY, HASH_QUEUE);
const bounded = <T>(work: () => Promise<T>): Promise<T> => hashSlots.run(work);

/** A salted slow hash of a password (security/password-hash.ts), at most {@link HASH_CONCURRENCY} at once. */
export function hashPassword(password: string): Promise<string> {
  return hashWith(password, bounded);
}

/** True if the password matches a hash made by {@link hashPassword}. */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return verifyWith(password, stored, bounded);
}

/** The credentials of a `Basic` Authorization header; undefined if absent or malformed. */
export function parseBasic(header: string | undefined): { user: string; password: string } | undefined {
  if (!header) return undefined;
  const m = /^basic +([A-Za-z0-9+/=]+) *$/i.exec(header);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** An authenticated user. */
export interface Identity {
  id: string;
  roles: Role[];
}

/** A login refused by the limiter: answer 429 with `Retry-After: retryAfter` (seconds). */
export interface RateLimited {
  retryAfter: number;
}

/** Failed logins of one user name (from any address) before it is locked out. */
export const USER_LIMITS: LoginLimits = { max_failures: 10, window_seconds: 60, lockout_seconds: 5, max_lockout_seconds: 300 };
/** Failed logins from one client address (any user names) before it is locked out. */
export const ADDRESS_LIMITS: LoginLimits = { max_failures: 20, window_seconds: 60, lockout_seconds: 5, max_lockout_seconds: 300 };

/** Milliseconds a login refused by the limiter waits before its 429 (a guessing loop then sends ~2 a second per connection). */
export const REFUSAL_DELAY_MS = 500;
/** Refusals waiting out {@link REFUSAL_DELAY_MS} at once; further ones are answered at once. */
export const DELAYED_REFUSALS = 1024;

/** Checks credentials; one instance per server (its limiter is shared by 8091 and 8093). */
export class Authenticator {
  private readonly secret = randomBytes(32);
  /** user id → HMAC of (stored hash, password) of the last credentials verified. */
  private readonly verified = new Map<string, string>();
  private readonly byUser: LoginLimiter;
  private readonly byAddress: LoginLimiter;
  private readonly log: (line: string) => void;
  /** A hash of a random password, verified for unknown users so that they cost as much as known ones. */
  private dummy: Promise<string> | undefined;
  /** Refusals now waiting out their delay. */
  private delayed = 0;
  private readonly refusalDelayMs: number;

  constructor(
    private readonly state: ClusterState,
    limits: { user?: LoginLimits; address?: LoginLimits; clock?: () => number; log?: (line: string) => void; refusalDelayMs?: number } = {},
  ) {
    this.log = limits.log ?? (() => {});
    this.refusalDelayMs = limits.refusalDelayMs ?? REFUSAL_DELAY_MS;
    this.byUser = new LoginLimiter(limits.user ?? USER_LIMITS, limits.clock);
    this.byAddress = new LoginLimiter(limits.address ?? ADDRESS_LIMITS, limits.clock);
  }

  /**
   * The identity for an Authorization header, undefined (→ 401) or {@link RateLimited} (→ 429).
   * Users without roles get undefined too. `address` is the client's IP address.
   */
  async authenticate(header: string | undefined, address = ''): Promise<Identity | RateLimited | undefined> {
    const creds = parseBasic(header);
    if (!creds) return undefined;
    const identity = (user: StoredUser): Identity | undefined => {
      const roles = this.state.effectiveRoles(user).map(parseRole).filter((r): r is Role => r !== undefined);
      return roles.length > 0 ? { id: user.id, roles } : undefined;
    };
    const found = this.state.user(creds.user);
    // A user without a password (none set over N1QL) cannot log in; it costs the same as an unknown one.
    const user = found?.passwordHash ? found : undefined;
    // Credentials verified before skip the hash and the limiter: only their owner can send them,
    // so a user locked out by someone else's guesses keeps working from its clients.
    const mac = user && createHmac('sha256', this.secret).update(user.passwordHash).update('\0').update(creds.password).digest('base64');
    if (user && this.verified.get(user.id) === mac) return identity(user);
    const userKey = creds.user;
    const waitUser = this.byUser.begin(userKey);
    if (waitUser > 0) {
      this.log(`login refused (429, retry after ${waitUser} s) for ${JSON.stringify(creds.user)} from ${address}: too many failures of this user`);
      return this.refuse(waitUser);
    }
    const waitAddr = this.byAddress.begin(address);
    if (waitAddr > 0) {
      this.byUser.cancel(userKey);
      this.log(`login refused (429, retry after ${waitAddr} s) for ${JSON.stringify(creds.user)} from ${address}: too many failures from this address`);
      return this.refuse(waitAddr);
    }
    let ok = false;
    let refused = false;
    try {
      if (!user) {
        this.dummy ??= hashPassword(randomBytes(16).toString('hex'));
        await verifyPassword(creds.password, await this.dummy);
        return undefined;
      }
      if (!(await verifyPassword(creds.password, user.passwordHash))) return undefined;
      this.verified.set(user.id, mac!);
      ok = true;
      return identity(user);
    } catch (e) {
      if (e instanceof QueueFull) {
        refused = true;
        return { retryAfter: 1 };
      }
      throw e;
    } finally {
      if (refused) {
        // Too many hashes waiting: refused without counting against anyone.
        this.byUser.cancel(userKey);
        this.byAddress.cancel(address);
      } else if (ok) {
        // A success forgets the user's failures, not the address's: one valid account must not
        // reset the count of an address guessing others.
        this.byUser.succeed(userKey);
        this.byAddress.cancel(address);
      } else {
        this.byUser.fail(userKey);
        this.byAddress.fail(address);
        this.log(`login failed for ${JSON.stringify(creds.user)} from ${address}`);
      }
    }
  }

  /** A limiter's refusal, answered after {@link REFUSAL_DELAY_MS} unless {@link DELAYED_REFUSALS} already wait. */
  private async refuse(retryAfter: number): Promise<RateLimited> {
    if (this.refusalDelayMs > 0 && this.delayed < DELAYED_REFUSALS) {
      this.delayed++;
      try {
        await new Promise((r) => setTimeout(r, this.refusalDelayMs));
      } finally {
        this.delayed--;
      }
    }
    return { retryAfter };
  }

  /** Creates or replaces a user; a new password is hashed, none keeps the old hash. */
  async saveUser(id: string, roles: string[], password: string | undefined, name = ''): Promise<StoredUser> {
    const old = this.state.user(id);
    const passwordHash = password !== undefined ? await hashPassword(password) : old?.passwordHash;
    if (passwordHash === undefined) throw new Error('a new user needs a password');
    const user: StoredUser = { id, name, roles, passwordHash };
    await this.state.setUser(user);
    this.verified.delete(id);
    return user;
  }

  forget(id: string): void {
    this.verified.delete(id);
  }
}
