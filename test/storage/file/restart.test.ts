import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { tempDir } from './helpers.js';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

async function indexes(db: Database): Promise<unknown[]> {
  return (await db.query('SELECT name, keyspace_id, state, index_key, `condition` FROM system:indexes ORDER BY keyspace_id, name')).results;
}

describe('restart', () => {
  it('finds every bucket, document, index definition and design document as it was', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = await Database.open({ path: t.dir });
    await db.createBucket('travel');
    await db.createBucket('empty');
    await db.createBucket('odd.name-1');
    await db.createBucket('gone');
    await db.upsert('travel', 'h1', { type: 'hotel', name: 'Grand Hotel', tags: ['spa', 'wifi'] });
    await db.upsert('travel', 'h2', { type: 'hotel', name: 'Small Inn', tags: ['wifi'] });
    await db.upsert('odd.name-1', 'x', { a: 1 });
    await db.upsert('gone', 'x', { a: 1 });
    await db.query('CREATE PRIMARY INDEX ON travel');
    await db.query('CREATE INDEX by_name ON travel(name DESC, type) WHERE type = "hotel"');
    await db.query('CREATE INDEX tok ON travel(DISTINCT ARRAY t FOR t IN TOKENS(name, {"case": "lower"}) END) WITH {"design_doc": "geo"}');
    await db.query('CREATE INDEX later ON travel(tags) WITH {"defer_build": true}');
    await db.query('CREATE INDEX built_later ON travel(type) WITH {"defer_build": true}');
    await db.query('BUILD INDEX ON travel(built_later)');
    await db.query('CREATE INDEX dropped ON travel(type)');
    await db.query('DROP INDEX travel.dropped');
    await db.dropBucket('gone');
    const q = 'SELECT RAW META().id FROM travel WHERE CONTAINS_TOKEN(name, "grand", {"case": "lower"})';
    const before = { keyspaces: db.keyspaces(), idx: await indexes(db), stats: db.bucketStats('travel'), rows: (await db.query(q)).results, docs: [...db.scan('travel')] };
    expect(before.rows).toEqual(['h1']);
    expect(Object.keys(before.stats.views).sort()).toEqual(['_design/ddl_built_later', '_design/ddl_by_name', '_design/ddl_later', '_design/geo']);
    await db.close();
    const again = await Database.open({ path: t.dir });
    expect(again.keyspaces()).toEqual(['empty', 'odd.name-1', 'travel']);
    expect(await indexes(again)).toEqual(before.idx);
    expect(again.bucketStats('travel')).toEqual(before.stats);
    expect((await again.query(q)).results).toEqual(before.rows);
    expect(await again.explain(q)).toMatchObject({ '#operator': 'Sequence' });
    expect(JSON.stringify(await again.explain(q))).toContain('"tok"');
    expect([...again.scan('travel')]).toEqual(before.docs);
    expect(again.get('odd.name-1', 'x')!.value).toEqual({ a: 1 });
    await again.close();
  });

  it('keeps the indexes of every bucket through two reopens (restoring one bucket must not save the others as empty)', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = await Database.open({ path: t.dir });
    for (const b of ['a', 'b', 'c']) {
      await db.createBucket(b);
      await db.upsert(b, 'k', { n: 1, name: 'x y' });
      await db.query(`CREATE INDEX ix_${b} ON ${b}(n)`);
    }
    await db.query('CREATE INDEX tok_b ON b(DISTINCT ARRAY t FOR t IN TOKENS(name) END)');
    const expected = await indexes(db);
    expect(expected).toHaveLength(4);
    await db.close();
    for (let i = 0; i < 2; i++) {
      const again = await Database.open({ path: t.dir });
      expect(await indexes(again)).toEqual(expected);
      await again.close();
    }
  });
});
