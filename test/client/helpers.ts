/** Helpers of the client tests: a fake gateway (test double) with a user, a local database, waiting on a replicator. */
import { afterEach, beforeEach } from 'vitest';
import { Database } from '../../src/index.js';
import { Replicator, type ReplicatorConfig, type ReplicatorStatus } from '../../src/client/index.js';
import { FakeGateway } from './fake-gateway.js';

export const FAST_RETRY = { initialDelayMs: 5, maxDelayMs: 20 };

export async function setup(): Promise<{ fake: FakeGateway; db: Database; close(): Promise<void> }> {
  const fake = await FakeGateway.start({ users: { alice: 'secret' }, idTokens: { 'good-id-token': 'alice' } });
  const db = await Database.open();
  return { fake, db, close: async () => { await fake.close(); await db.close(); } };
}

/**
 * Registers the hooks of a replicator test file: before each test a fresh fake gateway and local
 * database (handed to `use`), after it every replicator stopped and both closed. Returns a factory
 * of started replicators to the fake's database, with FAST_RETRY and `defaults()`, then `config`.
 */
export function replicatorFixture(
  use: (env: { fake: FakeGateway; db: Database }) => void,
  defaults: () => Partial<ReplicatorConfig>,
): (config?: Partial<ReplicatorConfig>) => Replicator {
  let env: { fake: FakeGateway; db: Database; close(): Promise<void> };
  const running: Replicator[] = [];
  beforeEach(async () => {
    env = await setup();
    use(env);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
    await env.close();
  });
  return (config = {}) => {
    const r = new Replicator({ url: env.fake.dbUrl, database: env.db, retry: FAST_RETRY, ...defaults(), ...config });
    running.push(r);
    r.start();
    return r;
  };
}

/** Resolves with the first status that satisfies `pred` (checking the current one first). */
export function waitFor(r: Replicator, pred: (s: ReplicatorStatus) => boolean, timeoutMs = 5000): Promise<ReplicatorStatus> {
  return new Promise((resolve, reject) => {
    if (pred(r.status)) return resolve(r.status);
    const timer = setTimeout(() => { remove(); reject(new Error(`timeout; status ${JSON.stringify(r.status)}`)); }, timeoutMs);
    const remove = r.addChangeListener((s) => {
      if (!pred(s)) return;
      clearTimeout(timer);
      remove();
      resolve(s);
    });
  });
}

/** Polls `check` until it returns true. */
export async function eventually(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** `SELECT RAW` helper over the local database. */
export async function rows(db: Database, statement: string): Promise<unknown[]> {
  return (await db.query(statement)).results as unknown[];
}
