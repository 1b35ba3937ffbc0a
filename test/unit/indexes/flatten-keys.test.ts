/**
 * FLATTEN_KEYS array index keys (catalog/flatten-keys.ts, sarg-flatten.ts): parsing, the
 * reference's errors, `system:indexes`, spans and covering scans, and results on every store.
 * Expected errors and rows are the reference's answers (cbq-engine via n1ql-reference, the same
 * statements without an index: its file datastore has no index service); expected plan facts
 * are those the reference suite's gsi/flattenkeys explain checks state (spans count,
 * `entry_keys`, covers).
 */
import { describe, expect, it } from 'vitest';
import { Database, type Value } from '../../../src/index.js';
import { describeStores } from '../../support/describe-stores.js';
import { openTestDatabase } from '../../support/store-kinds.js';

const BOOKS: Record<string, Value> = {
  b1: { type: 'book', isbn: 1, author: 'James', year: 2020, chapters: [{ num: 1, name: 'chapter 1', pages: [{ num: 1, name: 'page 1' }, { num: 2, name: 'page 2' }] }, { num: 2, name: 'chapter 2', pages: [{ num: 1, name: 'page 1' }] }] },
  b2: { type: 'book', isbn: 2, author: 'Mark', year: 2021, chapters: [{ num: 1, name: 'chapter 1' }, { num: 3, name: 'chapter 3', pages: [{ num: 3, name: 'page 3' }] }] },
  b3: { type: 'book', isbn: 3, author: 'Ann', year: 2019, chapters: [{ name: 'chapter 9' }, { num: null, name: 'chapter 1' }] },
  b4: { type: 'book', isbn: 4, author: 'Zed', year: 2019, chapters: [] },
  b5: { type: 'book', author: 'Nobody', year: 2018 },
  b6: { type: 'map', isbn: 1, chapters: [{ num: 1, name: 'chapter 1' }] },
};

const IXF = "CREATE INDEX ixf ON books(isbn, author DESC, DISTINCT ARRAY FLATTEN_KEYS(ch.num DESC, ch.name DESC, ch.description) FOR ch IN chapters END, year) WHERE type = 'book'";
const IXU = "CREATE INDEX ixu ON books(ALL ARRAY FLATTEN_KEYS(ch.num DESC, ch.name) FOR ch IN chapters END, isbn) WHERE type = 'book'";
const IXN = "CREATE INDEX ixn ON books(isbn, DISTINCT ARRAY (DISTINCT ARRAY FLATTEN_KEYS(pg.num, pg.name) FOR pg IN ch.pages END) FOR ch IN chapters END) WHERE type = 'book'";

async function books(db: Database, ddl: string[]): Promise<Database> {
  await db.createKeyspace('books');
  for (const [k, v] of Object.entries(BOOKS)) await db.upsert('books', k, v);
  for (const s of ddl) await db.query(s);
  return db;
}

async function errorOf(db: Database, statement: string): Promise<{ code?: number; message: string }> {
  try {
    await db.query(statement);
  } catch (e) {
    return { code: (e as { code?: number }).code, message: (e as Error).message };
  }
  throw new Error(`no error: ${statement}`);
}

/** The IndexScan3 operators of a plan. */
function scans(plan: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  JSON.stringify(plan, (_k, v) => {
    if (v && typeof v === 'object' && v['#operator'] === 'IndexScan3') out.push(v);
    return v;
  });
  return out;
}

describe('FLATTEN_KEYS: parsing and the reference errors', () => {
  it('raises the reference errors for FLATTEN_KEYS and nested array keys out of place', async () => {
    const db = await books(await Database.open(), []);
    try {
      // cbq-engine: 3283 "flatten_keys(1, 2) is not allowed in this context." etc.
      expect(await errorOf(db, 'SELECT FLATTEN_KEYS(1,2) AS x')).toEqual({ code: 3283, message: 'flatten_keys(1, 2) is not allowed in this context.' });
      expect(await errorOf(db, 'SELECT FLATTEN_KEYS(1 DESC,2) AS x')).toEqual({ code: 3283, message: 'flatten_keys(1 DESC, 2) is not allowed in this context.' });
      expect(await errorOf(db, 'SELECT FLATTEN_KEYS(1 INCLUDE MISSING DESC, 2 ASC) AS x')).toEqual({ code: 3283, message: 'flatten_keys(1 INCLUDE MISSING DESC, 2) is not allowed in this context.' });
      expect((await errorOf(db, 'CREATE INDEX i2 ON books(FLATTEN_KEYS(a,b))')).code).toBe(3283);
      expect((await errorOf(db, 'CREATE INDEX i9 ON books(DISTINCT FLATTEN_KEYS(a,b))')).code).toBe(3283);
      expect((await errorOf(db, 'CREATE INDEX i5 ON books(DISTINCT ARRAY [FLATTEN_KEYS(ch.num, ch.name)] FOR ch IN chapters END)')).code).toBe(3283);
      expect(await errorOf(db, 'CREATE INDEX i8 ON books(DISTINCT ARRAY FLATTEN_KEYS() FOR ch IN chapters END)')).toEqual({ code: 3000, message: 'Number of arguments to function flatten_keys must be between 1 and 32.' });
      expect(await errorOf(db, 'SELECT ARRAY (DISTINCT ARRAY v FOR v IN x END) FOR x IN [[1]] END AS a')).toEqual({ code: 3284, message: 'ALL/DISTINCT is not allowed in (distinct (array `v` for `v` in `x` end)).' });
      // INCLUDE MISSING only on the first key of the leading index key (3281).
      const e = await errorOf(db, 'CREATE INDEX i3 ON books(DISTINCT ARRAY FLATTEN_KEYS(ch.num, ch.name INCLUDE MISSING) FOR ch IN chapters END)');
      expect(e.code).toBe(3281);
      expect(e.message).toContain('MISSING attribute not allowed (Only allowed with gsi leading key).');
      expect((await errorOf(db, 'CREATE INDEX i1 ON books(isbn, DISTINCT ARRAY FLATTEN_KEYS(ch.num INCLUDE MISSING, ch.name) FOR ch IN chapters END)')).code).toBe(3281);
      // Accepted by the reference (it answers 12003 keyspace not found only after the checks).
      await db.query('CREATE INDEX ok1 ON books(ALL ARRAY (ALL ARRAY FLATTEN_KEYS(pg.num INCLUDE MISSING DESC, ch.name) FOR pg IN ch.pages END) FOR ch IN chapters END)');
    } finally {
      await db.close();
    }
  });

  it('prints the key as written in system:indexes, with each flattened key direction', async () => {
    const db = await books(await Database.open(), [IXF, IXN]);
    try {
      const rows = (await db.query("SELECT RAW index_key FROM system:indexes WHERE keyspace_id = 'books' ORDER BY name")).results;
      // The reference prints the expression as in its 3283 message: `flatten_keys((`ch`.`num`) DESC, (`ch`.`name`))`.
      expect(rows).toEqual([
        ['`isbn`', '`author` DESC', '(distinct (array flatten_keys((`ch`.`num`) DESC, (`ch`.`name`) DESC, (`ch`.`description`)) for `ch` in `chapters` end))', '`year`'],
        ['`isbn`', '(distinct (array (distinct (array flatten_keys((`pg`.`num`), (`pg`.`name`)) for `pg` in (`ch`.`pages`) end)) for `ch` in `chapters` end))'],
      ]);
    } finally {
      await db.close();
    }
  });
});

describe('FLATTEN_KEYS: spans and covering scans (the reference suite explain checks)', () => {
  it('sargs an ANY conjunction on the flattened positions, one span per IN value', async () => {
    const db = await books(await Database.open(), [IXF]);
    try {
      const q = "SELECT META(f).id FROM books AS f WHERE f.type = 'book' AND ANY ch IN f.chapters SATISFIES ch.num IN [1,3] AND ch.name LIKE 'chapter%' END AND f.isbn >= 1 AND f.year >= 2019";
      const [scan] = scans(await db.explain(q));
      expect(scan.index).toBe('ixf');
      expect(scan.covers).toBeDefined();
      expect((scan.spans as unknown[]).length).toBe(2);
      // gsi/flattenkeys case_any#2: entry_keys [0,2,3,5] (isbn, ch.num, ch.name, year).
      expect((scan.index_projection as { entry_keys: number[] }).entry_keys).toEqual([0, 2, 3, 5]);
      const range = (scan.spans as { range: { low?: string; high?: string; inclusion: number }[] }[])[0].range;
      expect(range.map((r) => [r.low, r.high, r.inclusion])).toEqual([
        ['1', undefined, 1],
        [undefined, undefined, 0],
        ['1', '1', 3],
        ['"chapter"', '"chaptes"', 1],
        [undefined, undefined, 0],
        ['2019', undefined, 1],
      ]);
    } finally {
      await db.close();
    }
  });

  it('answers an UNNEST of an ALL FLATTEN_KEYS key from the index (covers, no Fetch)', async () => {
    const db = await books(await Database.open(), [IXU]);
    try {
      const q = "SELECT META(f).id, ch.name FROM books AS f UNNEST f.chapters AS ch WHERE f.type = 'book' AND ch.num >= 1 AND ch.name != 'chapter 2'";
      const plan = JSON.stringify(await db.explain(q));
      expect(plan).toContain('"covers"');
      expect(plan).not.toContain('"Fetch"');
      const [scan] = scans(JSON.parse(plan));
      expect(scan.index).toBe('ixu');
    } finally {
      await db.close();
    }
  });
});

describeStores('FLATTEN_KEYS: index scans give the rows of a full scan', (kind) => {
  // Each query's rows are the reference's (the same documents, no index).
  const CASES: [string, Value[]][] = [
    ["SELECT RAW META(f).id FROM books AS f WHERE f.type = 'book' AND ANY ch IN f.chapters SATISFIES ch.num = 1 AND ch.name = 'chapter 1' END AND f.isbn >= 0 ORDER BY META(f).id", ['b1', 'b2']],
    ["SELECT RAW META(f).id FROM books AS f WHERE f.type = 'book' AND ANY ch IN f.chapters SATISFIES ch.num IN [1, 3] AND ch.name LIKE 'chapter%' END AND f.isbn >= 0 ORDER BY META(f).id", ['b1', 'b2']],
    ["SELECT META(f).id, ch.name FROM books AS f UNNEST f.chapters AS ch WHERE f.type = 'book' AND ch.num >= 1 AND ch.name != 'chapter 2' ORDER BY META(f).id, ch.name", [{ id: 'b1', name: 'chapter 1' }, { id: 'b2', name: 'chapter 1' }, { id: 'b2', name: 'chapter 3' }]],
    ["SELECT RAW META(f).id FROM books AS f WHERE f.type = 'book' AND f.isbn >= 1 AND ANY ch IN f.chapters SATISFIES (ANY pg IN ch.pages SATISFIES pg.num = 1 AND pg.name = 'page 1' END) END ORDER BY META(f).id", ['b1']],
    ["SELECT RAW META(f).id FROM books AS f WHERE f.type = 'book' AND f.isbn >= 1 ORDER BY META(f).id", ['b1', 'b2', 'b3', 'b4']],
    // Two nested UNNESTs sarg the nested key; an UNNEST's entry filter reads the rebuilt element.
    ["SELECT META(f).id, ch.num AS c, pg.name FROM books AS f UNNEST f.chapters AS ch UNNEST ch.pages AS pg WHERE f.type = 'book' AND f.isbn >= 1 AND pg.num = 1 AND pg.name LIKE 'page%' ORDER BY META(f).id, ch.num", [{ id: 'b1', c: 1, name: 'page 1' }, { id: 'b1', c: 2, name: 'page 1' }]],
    ["SELECT META(f).id, ch.name FROM books AS f UNNEST f.chapters AS ch WHERE f.type = 'book' AND ch.num = 1 AND LOWER(ch.name) = 'chapter 1' AND ch.xyz IS MISSING ORDER BY META(f).id", [{ id: 'b1', name: 'chapter 1' }, { id: 'b2', name: 'chapter 1' }]],
    ["SELECT RAW META(f).id FROM books AS f WHERE f.type = 'book' AND f.isbn >= 1 AND EVERY ch IN f.chapters SATISFIES ch.num >= 1 END ORDER BY META(f).id", ['b1', 'b2', 'b4']],
  ];
  it('gives the reference rows with FLATTEN_KEYS indexes (DISTINCT, ALL, nested)', async () => {
    const db = await books(await openTestDatabase(kind), [IXF, IXU, IXN]);
    try {
      let indexed = 0;
      for (const [q, expected] of CASES) {
        if (JSON.stringify(await db.explain(q)).includes('IndexScan3')) indexed++;
        expect((await db.query(q)).results, q).toEqual(expected);
      }
      // Every query but the UNNEST-free full-range ones is answered from an index.
      expect(indexed).toBeGreaterThanOrEqual(7);
      // Writes keep the entries: a new chapter makes b4 qualify.
      await db.query("UPDATE books AS f USE KEYS 'b4' SET f.chapters = [{'num': 1, 'name': 'chapter 1'}]");
      expect((await db.query(CASES[0][0])).results).toEqual(['b1', 'b2', 'b4']);
    } finally {
      await db.close();
    }
  });
}, { timeout: 60_000 });
