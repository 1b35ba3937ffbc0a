/** Helpers of the client tests: a fake gateway (test double) with a user, a local database, waiting on a replicator. */
import { Database } from '../../src/index.js';
import type { Replicator, ReplicatorStatus } from '../../src/client/index.js';
import { FakeGateway } from './fake-gateway.js';

export const FAST_RETRY = { initialDelayMs: 5, maxDelayMs: 20 };

export async function setup(): Promise<{ fake: FakeGateway; db: Database; close(): Promise<void> }> {
  const fake = await FakeGateway.start({ users: { alice: 'secret' }, idTokens: { 'good-id-token': 'alice' } });
  const db = await Database.open();
  return { fake, db, close: async () => { await fake.close(); await db.close(); } };
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
