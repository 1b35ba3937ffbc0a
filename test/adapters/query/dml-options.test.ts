/**
 * The query service's DML request parameters (issue 21): `preserve_expiry` (a write that sets no
 * expiration keeps the document's) and `durability_level` (checked; every level is met on one
 * node). Expected values: the reference's answers (n1ql-reference --serve) and the reference
 * suite's gsi/ttl/preserve_ttl.json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueryService } from '../../../src/adapters/query/index.js';
import type { Listener } from '../../../src/adapters/http/server.js';
import { Database } from '../../../src/index.js';

let db: Database;
let svc: Listener;

async function q(params: Record<string, string>) {
  const r = await fetch(`${svc.url}/query/service`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
  return (await r.json()) as { results?: unknown[]; errors?: unknown[] };
}
async function qJson(body: Record<string, unknown>) {
  const r = await fetch(`${svc.url}/query/service`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await r.json()) as { results?: unknown[]; errors?: unknown[] };
}

beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('orders');
  svc = await startQueryService(db, { port: 0 });
});
afterAll(async () => {
  await svc.close();
  await db.close();
});

describe('preserve_expiry', () => {
  it('keeps the expiration of an UPSERT or UPDATE that sets none; without it they clear it', async () => {
    await q({ statement: `INSERT INTO orders VALUES ('p1', {'a': 1}, {'expiration': 3100000000}), VALUES ('p3', {'a': 3}, {'expiration': 3300000000})` });
    // preserve_ttl.json#4–#7: UPSERT without OPTIONS clears it, unless preserve_expiry.
    expect((await q({ statement: `UPSERT INTO orders VALUES ('p1', {'a': 1, 'b': 1}) RETURNING META().expiration` })).results).toEqual([{ expiration: 0 }]);
    expect((await q({ statement: `UPSERT INTO orders VALUES ('p3', {'a': 3, 'b': 3}) RETURNING META().expiration`, preserve_expiry: 'true' })).results).toEqual([{ expiration: 3300000000 }]);
    // preserve_ttl.json#10–#12: UPDATE keeps it under preserve_expiry; SET META().expiration still sets it.
    expect((await q({ statement: `UPDATE orders AS o USE KEYS 'p3' SET o.c = 'x' RETURNING META(o).expiration`, preserve_expiry: 'true' })).results).toEqual([{ expiration: 3300000000 }]);
    expect((await q({ statement: `UPDATE orders AS o USE KEYS 'p3' SET o.c = 'y', META(o).expiration = 3330000000 RETURNING META(o).expiration`, preserve_expiry: 'true' })).results).toEqual([{ expiration: 3330000000 }]);
    expect((await q({ statement: `UPDATE orders AS o USE KEYS 'p3' SET o.c = 'z' RETURNING META(o).expiration` })).results).toEqual([{ expiration: 0 }]);
    // MERGE's update as UPDATE.
    await q({ statement: `UPDATE orders USE KEYS 'p1' SET META().expiration = 3200000000` });
    expect((await q({ statement: `MERGE INTO orders t USING [{'k': 'p1'}] s ON KEY s.k WHEN MATCHED THEN UPDATE SET t.m = 1 RETURNING META(t).expiration`, preserve_expiry: 'true' })).results).toEqual([{ expiration: 3200000000 }]);
  });

  it('is checked as the reference checks it', async () => {
    expect((await q({ statement: 'SELECT 1', preserve_expiry: 'maybe' })).errors).toEqual([{ code: 1040, msg: 'Error processing preserve_expiry - cause: unable to parse tristate as a boolean' }]);
    expect((await qJson({ statement: 'SELECT 1', preserve_expiry: 'true' })).errors).toEqual([{ code: 1070, msg: 'preserve_expiry has to be of type boolean' }]);
    expect((await qJson({ statement: 'SELECT RAW 1', preserve_expiry: true })).results).toEqual([1]);
  });
});

describe('durability_level', () => {
  it('accepts the reference levels (case-insensitive, "" is none) and refuses others', async () => {
    for (const level of ['', 'none', 'majority', 'MAJORITY', 'majorityAndPersistActive', 'persistToMajority']) {
      expect((await q({ statement: 'SELECT RAW 1', durability_level: level })).results, level).toEqual([1]);
    }
    expect((await q({ statement: `INSERT INTO orders VALUES ('d1', {'a': 1})`, durability_level: 'persistToMajority' })).errors).toBeUndefined();
    expect((await q({ statement: 'SELECT 1', durability_level: 'bogus' })).errors).toEqual([{ code: 1040, msg: 'Error processing durability_level - cause: durability_level is invalid' }]);
  });
});
