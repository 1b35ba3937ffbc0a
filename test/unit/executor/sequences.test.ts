/**
 * Sequences: CREATE / ALTER / DROP SEQUENCE, NEXT / PREV VALUE FOR. Expected values are the
 * reference's: its suite (test/gsi/test_cases/sequences/case_seq.json, in
 * ../shared/conformance/reference-suite/cases/gsi-sequences.json), its answers to the parse-level
 * cases (n1ql-reference), and its error codes and texts (couchbase/query errors/ds_sequence.go,
 * errors/namecodemap.go). They run on every store kind: on the PostgreSQL store each sequence is a
 * PostgreSQL sequence (docs/postgres.md "Sequences"), with the same values.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryError, type Database } from '../../../src/index.js';
import { describeStores } from '../../support/describe-stores.js';
import { openTestDatabase } from '../../support/store-kinds.js';

let db: Database;

const rows = async (q: string) => (await db.query(q)).results;
async function error(q: string): Promise<{ code: number; message: string }> {
  try {
    await db.query(q);
  } catch (e) {
    if (e instanceof QueryError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error(`no error from ${q}`);
}

describeStores('sequences', (kind) => {
  beforeEach(async () => {
    db = await openTestDatabase(kind);
    await db.createKeyspace('orders');
  });
  afterEach(async () => db.close());

  describe('the reference suite case_seq.json', () => {
    it('gives ascending, descending, cycling values and raises on a NO CYCLE limit', async () => {
      await rows('CREATE SEQUENCE orders.seqs.seq1');
      await rows('CREATE SEQUENCE orders.seqs.seq2 WITH {"increment":-1}');
      await rows('CREATE SEQUENCE orders.seqs.seq3 START WITH 1000 MINVALUE 999 MAXVALUE 1001 CYCLE');
      await rows('CREATE SEQUENCE orders.seqs.seq4 START WITH 2000 MAXVALUE 2002 NO CYCLE');
      expect(await rows('SELECT idx, NEXT VALUE FOR orders.seqs.seq1 sv FROM array_range(0,5) idx')).toEqual([
        { idx: 0, sv: 0 }, { idx: 1, sv: 1 }, { idx: 2, sv: 2 }, { idx: 3, sv: 3 }, { idx: 4, sv: 4 },
      ]);
      expect(await rows('SELECT idx, NEXT VALUE FOR orders.seqs.seq2 sv FROM array_range(0,5) idx')).toEqual([
        { idx: 0, sv: 0 }, { idx: 1, sv: -1 }, { idx: 2, sv: -2 }, { idx: 3, sv: -3 }, { idx: 4, sv: -4 },
      ]);
      expect(await rows('SELECT idx, NEXT VALUE FOR orders.seqs.seq3 sv FROM array_range(0,3) idx')).toEqual([
        { idx: 0, sv: 1000 }, { idx: 1, sv: 1001 }, { idx: 2, sv: 999 },
      ]);
      expect((await error('SELECT idx, NEXT VALUE FOR orders.seqs.seq4 sv FROM array_range(0,5) idx')).code).toBe(5010);
    });

    it('takes one value per document for the key and the value of an INSERT; PREVVAL sees it', async () => {
      await rows('CREATE SEQUENCE orders.seqs.seq1');
      await rows('SELECT NEXT VALUE FOR orders.seqs.seq1 FROM array_range(0,5) idx');
      await rows('INSERT INTO orders VALUES(TO_STRING(NEXTVAL FOR orders.seqs.seq1),{"id":NEXTVAL FOR orders.seqs.seq1,"test_id":"seq"})');
      await rows('INSERT INTO orders VALUES(TO_STRING(NEXTVAL FOR orders.seqs.seq1),{"id":PREVVAL FOR orders.seqs.seq1,"test_id":"seq"})');
      await rows('INSERT INTO orders(KEY k,VALUE v) SELECT TO_STRING(NEXTVAL FOR orders.seqs.seq1) k,{"id":NEXTVAL FOR orders.seqs.seq1,"test_id":"seq"} v');
      expect(await rows("SELECT meta().id,* FROM orders WHERE test_id = 'seq' ORDER BY meta().id")).toEqual([
        { id: '5', orders: { id: 5, test_id: 'seq' } },
        { id: '6', orders: { id: 6, test_id: 'seq' } },
        { id: '7', orders: { id: 7, test_id: 'seq' } },
      ]);
    });

    it('restarts, and gives each row of a block one value while a subquery takes its own', async () => {
      await rows('CREATE SEQUENCE orders.seqs.seq1');
      await rows('ALTER SEQUENCE orders.seqs.seq1 RESTART WITH 100');
      // The suite's statement correlates through `idx for_correlation`; this form correlates through WHERE.
      const r = await rows(
        'SELECT *, y, NEXT VALUE FOR orders.seqs.seq1 nv1, NEXT VALUE FOR orders.seqs.seq1 nv2, x FROM array_range(0,3) idx ' +
          'LET x = NEXT VALUE FOR orders.seqs.seq1, y = (SELECT PREV VALUE FOR orders.seqs.seq1 pv, NEXT VALUE FOR orders.seqs.seq1 nv ' +
          'FROM array_range(0, 2) idx2 WHERE idx IS NOT MISSING) ORDER BY idx',
      );
      expect(r).toEqual([
        { idx: 0, y: [{ pv: 100, nv: 101 }, { pv: 101, nv: 102 }], nv1: 100, nv2: 100, x: 100 },
        { idx: 1, y: [{ pv: 103, nv: 104 }, { pv: 104, nv: 105 }], nv1: 103, nv2: 103, x: 103 },
        { idx: 2, y: [{ pv: 106, nv: 107 }, { pv: 107, nv: 108 }], nv1: 106, nv2: 106, x: 106 },
      ]);
    });
  });

  describe('DDL', () => {
    it('IF EXISTS / IF NOT EXISTS, and the reference errors for a missing or existing sequence', async () => {
      expect(await rows('DROP SEQUENCE IF EXISTS orders.seqs.nope')).toEqual([]);
      expect(await error('DROP SEQUENCE orders.seqs.nope')).toEqual({ code: 19106, message: "Sequence 'default:orders.seqs.nope' not found" });
      await rows('CREATE SEQUENCE orders.seqs.s');
      expect(await rows('CREATE SEQUENCE IF NOT EXISTS orders.seqs.s START WITH 5')).toEqual([]);
      expect(await error('CREATE SEQUENCE orders.seqs.s')).toEqual({ code: 19108, message: "Sequence 'default:orders.seqs.s' already exists" });
      expect((await error('SELECT NEXT VALUE FOR orders.seqs.nope')).code).toBe(5010);
    });

    it('rejects an empty range, a cache below 1 and unknown WITH names; warns on a small cache', async () => {
      expect((await error('CREATE SEQUENCE orders.seqs.s MINVALUE 10 MAXVALUE 5')).message).toBe(
        "Create failed for sequence 'default:orders.seqs.s' - cause: Invalid range 10 to 5",
      );
      expect((await error('CREATE SEQUENCE orders.seqs.s CACHE 0')).code).toBe(19101);
      expect((await error('CREATE SEQUENCE orders.seqs.s WITH {"restart": 1}')).code).toBe(19101);
      const r = await db.query('CREATE SEQUENCE orders.seqs.s CACHE 5');
      expect(r.warnings).toEqual([{ code: 19115, msg: 'Cache size (5) below recommended minimum' }]);
    });

    it('parses both syntaxes with the reference answers for bad option lists and names', async () => {
      // The reference (n1ql-reference): 3000 "syntax error - duplicate option", "WITH may not be used with other options".
      expect(await error('CREATE SEQUENCE orders.seqs.s START WITH 1 START WITH 2')).toMatchObject({ code: 3000, message: 'syntax error: duplicate option' });
      expect(await error('CREATE SEQUENCE orders.seqs.s NO MAXVALUE MAXVALUE 5')).toMatchObject({ code: 3000, message: 'syntax error: duplicate option' });
      expect(await error("CREATE SEQUENCE orders.seqs.s START WITH 1 WITH {'start':1}")).toMatchObject({ code: 3000, message: 'syntax error: WITH may not be used with other options' });
      expect(await error('CREATE SEQUENCE s')).toMatchObject({ code: 3000, message: 'Invalid sequence name' });
      expect(await error('SELECT NEXT VALUE FOR s')).toEqual({ code: 19116, message: "Sequence name resolves to 'default:s' - check query_context?" });
      expect(await error('SELECT NEXT VALUE FOR a.b')).toEqual({ code: 19116, message: "Sequence name resolves to 'default:a.b' - check query_context?" });
    });

    it('takes every option clause: INCREMENT BY, MINVALUE, MAXVALUE, CACHE, NO CACHE, CYCLE', async () => {
      await rows('CREATE SEQUENCE orders.seqs.s START WITH -5 INCREMENT BY -2 MINVALUE -9 MAXVALUE 0 CYCLE NO CACHE');
      expect(await rows('SELECT RAW NEXTVAL FOR orders.seqs.s FROM array_range(0,5) i')).toEqual([-5, -7, -9, 0, -2]);
      // A new increment without RESTART goes on from the next unreserved value (block × cache × old increment + base).
      await rows('ALTER SEQUENCE orders.seqs.s INCREMENT BY 3 NO CYCLE MAXVALUE 1');
      expect(await rows('SELECT RAW NEXTVAL FOR orders.seqs.s FROM array_range(0,2) i')).toEqual([-4, -1]);
      expect((await error('SELECT RAW NEXTVAL FOR orders.seqs.s')).code).toBe(5010);
      await rows('ALTER SEQUENCE orders.seqs.s RESTART');
      expect(await rows('SELECT RAW NEXTVAL FOR orders.seqs.s')).toEqual([-5]);
    });

    it('gives each document of a multi-row INSERT … VALUES its own value', async () => {
      await rows('CREATE SEQUENCE orders.seqs.s');
      await rows("INSERT INTO orders VALUES (TO_STRING(NEXTVAL FOR orders.seqs.s), {'n': NEXTVAL FOR orders.seqs.s}), VALUES (TO_STRING(NEXTVAL FOR orders.seqs.s), {'n': NEXTVAL FOR orders.seqs.s})");
      expect(await rows('SELECT RAW [META().id, n] FROM orders ORDER BY n')).toEqual([['0', 0], ['1', 1]]);
    });

    it('drops a bucket\'s sequences with the bucket', async () => {
      await rows('CREATE SEQUENCE orders.seqs.s');
      await db.createKeyspace('other');
      await rows('CREATE SEQUENCE other.seqs.s');
      await db.dropBucket('orders');
      expect(await rows('SELECT RAW s.bucket FROM system:sequences s')).toEqual(['other']);
    });

    it('starts at MINVALUE (ascending) or MAXVALUE (descending) without START', async () => {
      await rows('CREATE SEQUENCE orders.seqs.up MINVALUE 7');
      await rows('CREATE SEQUENCE orders.seqs.down INCREMENT BY -1 MAXVALUE 7');
      expect(await rows('SELECT RAW [NEXTVAL FOR orders.seqs.up, NEXTVAL FOR orders.seqs.down]')).toEqual([[7, 7]]);
    });
  });

  describe('PREV VALUE and system:sequences', () => {
    it('PREV VALUE before any NEXT VALUE is NULL with the reference warning 19118', async () => {
      await rows('CREATE SEQUENCE orders.seqs.s');
      const r = await db.query('SELECT PREV VALUE FOR orders.seqs.s AS p');
      expect(r.results).toEqual([{ p: null }]);
      expect(r.warnings).toEqual([{ code: 19118, msg: 'Sequence previous value cannot be accessed before next value generation.' }]);
    });

    it('lists sequences with the reference fields', async () => {
      await rows('CREATE SEQUENCE orders.seqs.s START WITH 10 CACHE 20');
      await rows('SELECT NEXTVAL FOR orders.seqs.s');
      expect(await rows('SELECT s.* FROM system:sequences s')).toEqual([
        {
          namespace: 'default', namespace_id: 'default', bucket: 'orders', scope_id: 'seqs', name: 's',
          path: '`default`:`orders`.`seqs`.`s`', value: { tokenql: 10, '~next_block': 30 },
          cache: 20, min: -9223372036854775808, max: 9223372036854775807, increment: 1, cycle: false,
        },
      ]);
    });
  });
});
