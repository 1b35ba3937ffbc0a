/**
 * Slowing down password guessing (an addition: neither ns_server nor the gateway reference has
 * one). Logins are counted per key (user name, client address, or both). An attempt is counted
 * BEFORE its password is checked ({@link LoginLimiter.begin}), so concurrent attempts cannot all
 * pass a limit meant for a few: with `failures + in flight >= max_failures` the key is refused.
 * After `max_failures` failures within `window_seconds`, every login of the key is refused for
 * `lockout_seconds`, doubled by each further failure up to `max_lockout_seconds`; after a
 * lockout, attempts go one at a time until a success forgets the failures (or the window passes). Callers answer a refusal 429 with `Retry-After: <seconds>`.
 */
export interface LoginLimits {
  max_failures: number;
  window_seconds: number;
  lockout_seconds: number;
  max_lockout_seconds: number;
}

interface Entry {
  failures: number;
  inFlight: number;
  lastFailure: number;
  lockedUntil: number;
}

const MAX_ENTRIES = 100_000;

export class LoginLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  private entry(key: string): Entry | undefined {
    const e = this.entries.get(key);
    const now = this.clock();
    if (e && e.inFlight === 0 && now - e.lastFailure > this.limits.window_seconds * 1000 && now >= e.lockedUntil) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private touch(key: string, e: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, e);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Seconds to wait before the next attempt of this key (locked out), or 0. */
  retryAfter(key: string): number {
    const e = this.entry(key);
    const wait = e ? e.lockedUntil - this.clock() : 0;
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  /**
   * Starts an attempt: 0 when it may go on (it is then counted as in flight until
   * {@link fail} or {@link succeed}), else the seconds to wait (nothing is counted).
   */
  begin(key: string): number {
    const wait = this.retryAfter(key);
    if (wait > 0) return wait;
    const e = this.entry(key) ?? { failures: 0, inFlight: 0, lastFailure: this.clock(), lockedUntil: 0 };
    // Below the limit, attempts in flight count as failures to come; past it (a lockout has
    // ended), one attempt at a time: its failure locks the key again for twice as long.
    const busy = e.failures < this.limits.max_failures ? e.failures + e.inFlight >= this.limits.max_failures : e.inFlight > 0;
    if (busy) return Math.max(1, Math.ceil(this.limits.lockout_seconds));
    e.inFlight++;
    this.touch(key, e);
    return 0;
  }

  /** Records a failed login (ends an attempt started with {@link begin}, if any). */
  fail(key: string): void {
    const now = this.clock();
    const e = this.entry(key) ?? { failures: 0, inFlight: 0, lastFailure: now, lockedUntil: 0 };
    if (e.inFlight > 0) e.inFlight--;
    e.failures++;
    e.lastFailure = now;
    const over = e.failures - this.limits.max_failures;
    if (over >= 0) e.lockedUntil = now + Math.min(this.limits.lockout_seconds * 2 ** over, this.limits.max_lockout_seconds) * 1000;
    this.touch(key, e);
  }

  /** Ends an attempt started with {@link begin} without counting it (refused for another reason). */
  cancel(key: string): void {
    const e = this.entries.get(key);
    if (e && e.inFlight > 0) e.inFlight--;
  }

  /** Records a successful login: the failures of the key are forgotten. */
  succeed(key: string): void {
    const e = this.entries.get(key);
    if (e && e.inFlight > 1) {
      e.inFlight--;
      e.failures = 0;
      e.lockedUntil = 0;
    } else this.entries.delete(key);
  }
}
