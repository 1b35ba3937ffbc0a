/**
 * An `INCLUDE MISSING` index on the durable stores: its definition comes back after a reopen
 * (re-created from the saved CREATE INDEX text, which keeps `include missing`), its entries for
 * documents whose leading key is MISSING come back, and writes after the reopen maintain them
 * (a key becoming MISSING, a new document without it). Expected rows are literal: the N1QL
 * answers of a full scan over the same documents.
 */
import { expect, it } from 'vitest';
import { describeStores } from '../support/describe-stores.js';
import { DURABLE_KINDS, testStore, testStoreKinds } from '../support/store-kinds.js';

const kinds = testStoreKinds().filter((k) => DURABLE_KINDS.includes(k));

describeStores(
  'INCLUDE MISSING index across a reopen',
  (kind) => {
    it('keeps the definition and the entries of MISSING leading keys, and maintains them', async () => {
      const store = await testStore(kind);
      try {
        const db = await store.open();
        await db.createKeyspace('lkm');
        await db.query("INSERT INTO lkm (KEY, VALUE) VALUES ('a', {'f': 'x', 'g': 1}), ('b', {'g': 2}), ('c', {'f': null, 'g': 3})");
        await db.query('CREATE INDEX mix ON lkm(f INCLUDE MISSING DESC, g)');
        await db.close();

        const again = await store.open();
        try {
          expect((await again.query("SELECT RAW index_key FROM system:indexes WHERE name = 'mix'")).results).toEqual([['`f` INCLUDE MISSING DESC', '`g`']]);
          const q = 'SELECT RAW META().id FROM lkm WHERE f IS MISSING';
          expect(JSON.stringify(await again.explain(q))).toContain('"index":"mix"');
          expect((await again.query(q)).results).toEqual(['b']);
          expect((await again.query('SELECT RAW META().id FROM lkm ORDER BY f DESC')).results).toEqual(['a', 'c', 'b']);
          await again.query("UPDATE lkm UNSET f WHERE META().id = 'a'");
          await again.query("INSERT INTO lkm (KEY, VALUE) VALUES ('d', {'g': 4})");
          expect((await again.query('SELECT RAW META().id FROM lkm WHERE f IS MISSING ORDER BY g')).results).toEqual(['a', 'b', 'd']);
          expect((await again.query('SELECT RAW META().id FROM lkm WHERE f IS NOT VALUED AND g >= 3 ORDER BY g')).results).toEqual(['c', 'd']);
          expect((await again.query('SELECT RAW COUNT(*) FROM lkm WHERE g > 0')).results).toEqual([4]);
        } finally {
          await again.close();
        }
      } finally {
        await store.dispose();
      }
    });
  },
  { kinds, timeout: 60_000 },
);
