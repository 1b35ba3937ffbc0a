import type pg from 'pg';

/** Advisory lock key of index DDL ('tokidx' as a number). */
export const INDEX_DDL_LOCK = 0x746f6b696478;

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock (`pg_advisory_lock(key)`) on a
 * connection of `pool` kept for the purpose, so that the same `fn` on every query node of the
 * database runs one at a time (docs/postgres.md "Several query nodes": index DDL). Within a
 * node the calls are queued first (`queue`), so that waiting calls do not hold the pool's
 * connections (which the running one needs). If the unlock fails the connection is closed,
 * which releases the lock.
 */
export class AdvisoryLock {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly key: number,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const prior = this.tail;
    let done!: () => void;
    this.tail = new Promise<void>((r) => (done = r));
    try {
      await prior.catch(() => {});
      const c = await this.pool.connect();
      let broken = false;
      try {
        await c.query('SELECT pg_advisory_lock($1)', [this.key]);
        try {
          return await fn();
        } finally {
          await c.query('SELECT pg_advisory_unlock($1)', [this.key]).catch(() => (broken = true));
        }
      } finally {
        c.release(broken);
      }
    } finally {
      done();
    }
  }
}
