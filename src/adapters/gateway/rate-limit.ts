/**
 * Slowing down password guessing (an addition: the reference has none, spec
 * gateway-reference.md §7). Failed password logins are counted per database, user name and client
 * address. After `max_failures` failures within `window_seconds`, every login of that key is
 * answered 429 with `Retry-After` for `lockout_seconds`, doubled by each further failure up to
 * `max_lockout_seconds`; the right password works again once the lockout has passed, and a
 * success forgets the failures.
 */
import type { LoginRateLimit } from './config.js';

interface Entry {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

const MAX_ENTRIES = 100_000;

export class LoginLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limits: LoginRateLimit,
    private readonly clock: () => number,
  ) {}

  private entry(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e && this.clock() - e.lastFailure > this.limits.window_seconds * 1000 && this.clock() >= e.lockedUntil) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /** Seconds to wait before the next attempt of this key, or 0 when it may try now. */
  retryAfter(key: string): number {
    const e = this.entry(key);
    const wait = e ? e.lockedUntil - this.clock() : 0;
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  /** Records a failed login. */
  fail(key: string): void {
    const now = this.clock();
    const e = this.entry(key) ?? { failures: 0, lastFailure: now, lockedUntil: 0 };
    e.failures++;
    e.lastFailure = now;
    const over = e.failures - this.limits.max_failures;
    if (over >= 0) {
      const lock = Math.min(this.limits.lockout_seconds * 2 ** over, this.limits.max_lockout_seconds);
      e.lockedUntil = now + lock * 1000;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Records a successful login: its failures are forgotten. */
  succeed(key: string): void {
    this.entries.delete(key);
  }
}
