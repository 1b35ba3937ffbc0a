/**
 * The query service's transaction parameters over HTTP on loopback: `txid` flows from BEGIN
 * WORK's row to the statements after it, `tximplicit`, `txtimeout`, `durability_level`, and the
 * reference's 1040 errors for malformed values (its answers: "Error processing duration - cause:
 * Unable to parse duration: abc", "Error processing tximplicit - cause: unable to parse tristate
 * as a boolean", "Error processing durability_level - cause: durability_level is invalid").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueryService } from '../../../src/adapters/query/index.js';
import { Database } from '../../../src/index.js';

let db: Database;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('t');
  await db.query('CREATE INDEX ix1 ON t(a)');
  await db.query("INSERT INTO t VALUES ('k0', {'a': 0})");
  const l = await startQueryService(db, { port: 0 });
  url = `${l.url}/query/service`;
  close = l.close;
});
afterAll(async () => {
  await close();
  await db.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const post = async (params: Record<string, string>): Promise<any> => {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
  return { http: r.status, ...((await r.json()) as object) };
};
const ids = async (params: Record<string, string> = {}) => (await post({ statement: 'SELECT RAW META(d).id FROM t AS d WHERE d.a >= 0 ORDER BY d.a', ...params })).results;

describe('transactions over /query/service', () => {
  it('BEGIN WORK answers {txid}; statements with that txid see its writes, others do not; COMMIT publishes them', async () => {
    const b = await post({ statement: 'BEGIN WORK', txtimeout: '2m', durability_level: 'none' });
    expect(b.http).toBe(200);
    expect(b.results).toHaveLength(1);
    const txid = b.results[0].txid as string;
    expect(txid).toMatch(/^[0-9a-f-]{36}$/);
    const ins = await post({ statement: "INSERT INTO t VALUES ('k1', {'a': 1})", txid });
    expect(ins).toMatchObject({ http: 200, metrics: { mutationCount: 1 } });
    expect(await ids({ txid })).toEqual(['k0', 'k1']);
    expect(await ids()).toEqual(['k0']);
    const sys = await post({ statement: 'SELECT RAW [id, timeout, durabilityLevel] FROM system:transactions' });
    expect(sys.results).toEqual([[txid, '2m0s', 'none']]);
    expect((await post({ statement: "COMMIT", txid })).http).toBe(200);
    expect(await ids()).toEqual(['k0', 'k1']);
  });

  it('a statement with an unknown txid: 17004 in the errors, status fatal', async () => {
    const r = await post({ statement: 'SELECT 1', txid: 'no-such-tx' });
    expect(r.errors).toEqual([{ code: 17004, msg: 'Transaction context error: transaction (no-such-tx) is not present' }]);
    expect(r.status).toBe('fatal');
  });

  it('tximplicit=true runs a statement as its own transaction: all of it or nothing', async () => {
    const bad = await post({ statement: "INSERT INTO t VALUES ('k2', {'a': 2}), VALUES ('k2', {'a': 2})", tximplicit: 'true' });
    expect(bad.errors[0].code).toBe(17012);
    expect(await ids()).toEqual(['k0', 'k1']);
    const good = await post({ statement: "INSERT INTO t VALUES ('k2', {'a': 2}), VALUES ('k3', {'a': 3})", tximplicit: 'true' });
    expect(good.metrics.mutationCount).toBe(2);
    expect(await ids()).toEqual(['k0', 'k1', 'k2', 'k3']);
  });

  it('txtimeout ends the transaction: its next statement gets 17010 "Transaction timeout"', async () => {
    const txid = (await post({ statement: 'START TRANSACTION', txtimeout: '50ms' })).results[0].txid as string;
    await post({ statement: "UPSERT INTO t VALUES ('k9', {'a': 9})", txid });
    await new Promise((r) => setTimeout(r, 100));
    const r = await post({ statement: 'COMMIT', txid });
    expect(r.errors).toEqual([{ code: 17010, msg: 'Transaction timeout' }]);
    expect(await ids()).not.toContain('k9');
  });

  it('malformed txtimeout, tximplicit and durability_level: 1040 with the reference messages; txdata is accepted', async () => {
    expect((await post({ statement: 'SELECT 1', txtimeout: 'abc' })).errors).toEqual([{ code: 1040, msg: 'Error processing duration - cause: Unable to parse duration: abc' }]);
    expect((await post({ statement: 'SELECT 1', tximplicit: 'maybe' })).errors).toEqual([{ code: 1040, msg: 'Error processing tximplicit - cause: unable to parse tristate as a boolean' }]);
    expect((await post({ statement: 'SELECT 1', durability_level: 'bogus' })).errors).toEqual([{ code: 1040, msg: 'Error processing durability_level - cause: durability_level is invalid' }]);
    expect((await post({ statement: 'SELECT 1 AS one', txdata: '{}' })).results).toEqual([{ one: 1 }]);
  });
});
