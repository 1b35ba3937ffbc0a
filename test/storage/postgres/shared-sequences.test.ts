/**
 * Sequences shared by two query nodes (two Database instances) on one PostgreSQL database: each
 * N1QL sequence is a PostgreSQL sequence, so the nodes never hand out the same value. Each node
 * takes a block of CACHE values at a time, as the reference's query nodes do (couchbase/query
 * `sequences/sequences.go`: a node reserves block k = values base + k × cache × increment …), so
 * with CACHE 10 the first node's first value is 0 and the second node's is 10.
 */
import { describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

async function code(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (e) {
    if (e instanceof QueryError) return e.code;
    throw e;
  }
  throw new Error('no error');
}

describe('PostgreSQL store: sequences on two query nodes', () => {
  it('each node takes its own block; values are never handed out twice', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const a = await Database.open({ store: url });
    const b = await Database.open({ store: url });
    try {
      await a.createKeyspace('k');
      await a.query('CREATE SEQUENCE k._default.s CACHE 10');
      expect((await a.query('SELECT RAW NEXT VALUE FOR k._default.s')).results).toEqual([0]);
      expect((await b.query('SELECT RAW NEXT VALUE FOR k._default.s')).results).toEqual([10]);
      expect((await a.query('SELECT RAW NEXT VALUE FOR k._default.s')).results).toEqual([1]);
      expect((await b.query('SELECT RAW PREV VALUE FOR k._default.s')).results).toEqual([10]);
      // The next block no node holds yet, as system:sequences shows it on either node.
      expect((await b.query("SELECT RAW s.`value`.`~next_block` FROM system:sequences s WHERE s.name = 's'")).results).toEqual([20]);

      // Statements on both nodes at once: 8 × 50 values, all distinct, and exactly 0 … 399 once
      // the nodes' held values are counted (each block is handed out whole, by one node).
      const runs = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? b : a).query('SELECT RAW NEXT VALUE FOR k._default.s FROM array_range(0, 50) i')),
      );
      const values = runs.flatMap((r) => r.results as number[]);
      expect(values.length).toBe(400);
      expect(new Set(values).size).toBe(400);
      expect(values.includes(0) || values.includes(1) || values.includes(10)).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('DDL on one node is seen by the other: CREATE, ALTER … RESTART, DROP', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const a = await Database.open({ store: url });
    const b = await Database.open({ store: url });
    try {
      await a.createKeyspace('k');
      await a.query('CREATE SEQUENCE k.s.q START WITH 5 INCREMENT BY 5 MAXVALUE 20 NO CYCLE CACHE 1');
      expect((await b.query('SELECT RAW s.name FROM system:sequences s')).results).toEqual(['q']);
      expect(await code(b.query('CREATE SEQUENCE k.s.q'))).toBe(19108);
      expect((await b.query('SELECT RAW NEXT VALUE FOR k.s.q FROM array_range(0, 2) i')).results).toEqual([5, 10]);
      expect((await a.query('SELECT RAW NEXT VALUE FOR k.s.q FROM array_range(0, 2) i')).results).toEqual([15, 20]);
      // NO CYCLE past MAXVALUE on either node: 5010 with the sequence's 19111 as cause.
      expect(await code(b.query('SELECT RAW NEXT VALUE FOR k.s.q'))).toBe(5010);
      await a.query('ALTER SEQUENCE k.s.q RESTART WITH 1 INCREMENT BY 1');
      expect((await b.query('SELECT RAW NEXT VALUE FOR k.s.q')).results).toEqual([1]);
      expect((await a.query('SELECT RAW NEXT VALUE FOR k.s.q')).results).toEqual([2]);
      await b.query('DROP SEQUENCE k.s.q');
      expect(await code(a.query('DROP SEQUENCE k.s.q'))).toBe(19106);
      expect(await code(a.query('SELECT RAW NEXT VALUE FOR k.s.q'))).toBe(5010);
      expect((await a.query('SELECT RAW s.name FROM system:sequences s')).results).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a sequence name with any characters maps to one PostgreSQL sequence', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const a = await Database.open({ store: url });
    try {
      await a.createKeyspace('k');
      const name = 'k.`s; DROP TABLE x`.`"quoted" é 😀 ' + 'long'.repeat(20) + '`';
      await a.query(`CREATE SEQUENCE ${name} START WITH 7`);
      expect((await a.query(`SELECT RAW NEXT VALUE FOR ${name}`)).results).toEqual([7]);
      expect((await a.query('SELECT RAW s.scope_id FROM system:sequences s')).results).toEqual(['s; DROP TABLE x']);
    } finally {
      await a.close();
    }
  });
});

describe('PostgreSQL store: sequences saved by an earlier tokenql', () => {
  it('become PostgreSQL sequences on open, going on from their next unreserved value', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const first = await Database.open({ store: url });
    await first.createKeyspace('k');
    await first.close();
    // The record format of the earlier store (sequence-registry.ts SequenceRecord): block 2 of
    // CACHE 5 from base 100 was reserved, so the next unreserved value is 2 × 5 × 1 + 100 = 110.
    const record = { base: '100', initial: '100', cache: '5', min: '-9223372036854775808', max: '9223372036854775807', increment: '1', cycle: false, block: 2, version: 0 };
    pg.cluster.sql(`INSERT INTO tokenql_catalog (kind, name, value) VALUES ('sequences', 'all', '${JSON.stringify({ 'default:k._default.s': record })}')`, url.split('/').pop());
    const a = await Database.open({ store: url });
    const b = await Database.open({ store: url });
    try {
      expect((await a.query('SELECT RAW NEXT VALUE FOR k._default.s')).results).toEqual([110]);
      expect((await b.query('SELECT RAW NEXT VALUE FOR k._default.s')).results).toEqual([115]);
      expect((await b.query('SELECT RAW s.cache FROM system:sequences s')).results).toEqual([5]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
