/**
 * Indexes whose leading key is `INCLUDE MISSING` (Couchbase 7.1+): the DDL, its errors, the
 * entries of documents whose leading key is MISSING, and the scans the planner makes of such an
 * index. Expected rows and plan shapes are the reference's: its suite feature `gsi-lkmissing`
 * (test/gsi/test_cases/lkmissing: the documents, the indexes `mix1`, `pix1`, `ix_city_state`,
 * `ix_team_fname`, the statements' rows and their explain checks) and, for the DDL errors, the
 * reference engine's answers (codes and messages, copied here as literals).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../src/index.js';
import { printStatement } from '../../src/ast/print.js';
import { parseStatement as parse } from '../../src/syntax/index.js';
import { canonical, sameRows } from '../support/compare.js';

/** The suite's five documents (fname: two strings, one MISSING, one NULL; team "gsw" in all). */
const DOCS: Record<string, Value> = {
  scurry01: { fname: 'Stephen', lname: 'Curry', city: 'Oakland', state: 'California', zipcode: 94501, country: 'USA', type: 'contacts', team: 'gsw' },
  thompson01: { lname: 'Klay Thompson', city: 'Oakland', state: 'California', zipcode: 94501, type: 'contacts', team: 'gsw' },
  green01: { fname: null, lname: 'Draymond Green', city: 'Oakland', state: 'California', zipcode: 94501, country: 'USA', type: 'contacts', team: 'gsw' },
  igudoala01: { fname: 'Andre', lname: 'Iguodala', city: 'Oakland', state: 'California', zipcode: 94501, country: 'USA', contacts: null, type: 'contacts', team: 'gsw' },
  wiggins01: { fname: 'Andrew', lname: 'Wiggins', city: 'Oakland', state: 'California', zipcode: 94501, country: 'USA', type: 'contacts', team: 'gsw' },
};

let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

async function open(ddl: string[]): Promise<Database> {
  db = await Database.open();
  await db.createKeyspace('lkm');
  for (const [k, v] of Object.entries(DOCS)) await db.upsert('lkm', k, v);
  for (const s of ddl) await db.query(s);
  return db;
}

/** The plan's operators, depth first. */
function operators(plan: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      if ('#operator' in v) out.push(v as Record<string, unknown>);
      Object.values(v).forEach(walk);
    }
  };
  walk(plan);
  return out;
}

async function scanOf(d: Database, q: string): Promise<Record<string, unknown> | undefined> {
  return operators(await d.explain(q)).find((o) => String(o['#operator']).startsWith('IndexScan') || o['#operator'] === 'PrimaryScan3' || o['#operator'] === 'UnionScan');
}

async function expectRows(d: Database, q: string, expected: Value[], ordered = false): Promise<void> {
  const rows = (await d.query(q)).results;
  if (!sameRows(rows, expected, ordered)) expect(rows.map(canonical), q).toEqual(expected.map(canonical));
}

const MIX1 = 'CREATE INDEX mix1 ON lkm(fname INCLUDE MISSING DESC, lname, team)';
const CITY = 'CREATE INDEX ix_city_state ON lkm(city, state)';

describe('CREATE INDEX … INCLUDE MISSING', () => {
  it('parses INCLUDE MISSING before or after the direction, and prints it before (as the reference prints a key)', () => {
    for (const text of ['CREATE INDEX i ON ks(a INCLUDE MISSING DESC, b)', 'CREATE INDEX i ON ks(a DESC INCLUDE MISSING, b)']) {
      const s = parse(text);
      expect(s.kind).toBe('CreateIndex');
      if (s.kind !== 'CreateIndex') return;
      expect(s.keys.map((k) => [k.desc, k.includeMissing ?? false])).toEqual([
        [true, true],
        [false, false],
      ]);
      expect(printStatement(s)).toBe('create index `i` on `ks`(`a` include missing desc, `b`)');
    }
  });

  it('raises the reference errors: a repeated attribute, a third one, a non-leading key, USING VIEW, a primary index', async () => {
    const d = await open([]);
    const cases: [string, number, string][] = [
      ['CREATE INDEX i9 ON lkm(fname INCLUDE MISSING INCLUDE MISSING)', 3000, 'Duplicate or Invalid index key attribute (near line 1, column 46)'],
      ['CREATE INDEX i1 ON lkm(fname ASC DESC)', 3000, 'Duplicate or Invalid index key attribute (near line 1, column 34)'],
      ['CREATE INDEX i4 ON lkm(fname, lname INCLUDE MISSING)', 3281, '`lname` (near line 1, column 31) MISSING attribute not allowed (Only allowed with gsi leading key).'],
      ['CREATE INDEX i2 ON lkm(fname INCLUDE MISSING, lname DESC INCLUDE MISSING)', 3281, '`lname` (near line 1, column 47) MISSING attribute not allowed (Only allowed with gsi leading key).'],
      ['CREATE INDEX i7 ON lkm(fname INCLUDE MISSING) USING VIEW', 3286, 'Index attributes USING FTS is not allowed.'],
    ];
    for (const [q, code, message] of cases) {
      const e = await d.query(q).then(
        () => undefined,
        (err: { code: number; message: string }) => err,
      );
      expect(e?.code, q).toBe(code);
      expect(e?.message, q).toContain(message);
    }
    // Syntax errors (3000) at the word, as the reference's: on a primary index ("… at: INCLUDE"),
    // MISSING without INCLUDE ("… at: MISSING (reserved word)").
    await expect(d.query('CREATE PRIMARY INDEX p ON lkm INCLUDE MISSING')).rejects.toMatchObject({ code: 3000, message: expect.stringContaining('at: INCLUDE') });
    await expect(d.query('CREATE INDEX i8 ON lkm(fname MISSING)')).rejects.toMatchObject({ code: 3000, message: expect.stringContaining('at: MISSING (reserved word)') });
    // A third attribute is a syntax error at it (the reference: "… at: DESC (reserved word)").
    await expect(d.query('CREATE INDEX i11 ON lkm(fname DESC INCLUDE MISSING DESC)')).rejects.toMatchObject({ code: 3000 });
    // An array key: not supported by tokenql (the reference's FLATTEN_KEYS(k INCLUDE MISSING, …) is another form).
    await expect(d.query('CREATE INDEX i5 ON lkm(DISTINCT ARRAY v FOR v IN contacts END INCLUDE MISSING)')).rejects.toMatchObject({ code: 1020 });
  });

  // The reference's text of a key: expression, ` INCLUDE MISSING`, ` DESC` (couchbase/query datastore/index.go).
  it('shows INCLUDE MISSING in system:indexes index_key', async () => {
    const d = await open([MIX1]);
    await expectRows(d, "SELECT RAW index_key FROM system:indexes WHERE name = 'mix1'", [['`fname` INCLUDE MISSING DESC', '`lname`', '`team`']]);
  });
});

describe('scans of an INCLUDE MISSING index (no primary index)', () => {
  it('indexes the documents whose leading key is MISSING: a query without WHERE is a covering scan of it', async () => {
    const d = await open([MIX1, CITY]);
    const q = 'SELECT META(l).id FROM lkm AS l';
    const scan = await scanOf(d, q);
    expect(scan).toMatchObject({ '#operator': 'IndexScan3', index: 'mix1' });
    expect(scan!.covers).toBeDefined();
    expect(scan!.spans).toEqual([{ exact: true, range: [{ inclusion: 0, index_key: '`fname`' }] }]);
    await expectRows(d, q, [{ id: 'scurry01' }, { id: 'wiggins01' }, { id: 'igudoala01' }, { id: 'green01' }, { id: 'thompson01' }]);
  });

  it('serves ORDER BY the leading key with LIMIT and OFFSET in the scan', async () => {
    const d = await open([MIX1, CITY]);
    for (const [q, expected] of [
      ['SELECT META(l).id FROM lkm AS l ORDER BY l.fname DESC LIMIT 2 OFFSET 1', [{ id: 'wiggins01' }, { id: 'igudoala01' }]],
      ["SELECT l.fname, l.lname FROM lkm AS l WHERE l.team = 'gsw' ORDER BY l.fname DESC LIMIT 2 OFFSET 1", [{ fname: 'Andrew', lname: 'Wiggins' }, { fname: 'Andre', lname: 'Iguodala' }]],
    ] as const) {
      const scan = await scanOf(d, q);
      expect(scan, q).toMatchObject({ index: 'mix1', index_order: [{ keypos: 0, desc: true }], limit: '2', offset: '1' });
      expect(operators(await d.explain(q)).some((o) => o['#operator'] === 'Order' || o['#operator'] === 'Offset'), q).toBe(false);
      await expectRows(d, q, [...expected], true);
    }
  });

  it('a non-leading key filters the entries: the whole leading range, then the later keys', async () => {
    const d = await open([MIX1, CITY]);
    const q = "SELECT COUNT(1) AS cnt FROM lkm AS l WHERE l.team = 'gsw'";
    const scan = await scanOf(d, q);
    expect(scan).toMatchObject({ index: 'mix1' });
    expect(scan!.index_group_aggs).toBeDefined();
    expect((scan!.spans as { range: unknown[] }[])[0].range).toEqual([
      { inclusion: 0, index_key: '`fname`' },
      { inclusion: 0, index_key: '`lname`' },
      { high: '"gsw"', inclusion: 3, index_key: '`team`', low: '"gsw"' },
    ]);
    await expectRows(d, q, [{ cnt: 5 }]);
  });

  it('IS MISSING, IS NULL and IS NOT VALUED on the leading key are spans of it', async () => {
    const d = await open([MIX1, CITY]);
    for (const [pred, range, ids] of [
      ['IS MISSING', { high: 'null', inclusion: 0, index_key: '`fname`' }, ['thompson01']],
      ['IS NULL', { high: 'null', inclusion: 3, index_key: '`fname`', low: 'null' }, ['green01']],
      ['IS NOT VALUED', { high: 'null', inclusion: 2, index_key: '`fname`' }, ['thompson01', 'green01']],
    ] as const) {
      const q = `SELECT META(l).id FROM lkm AS l WHERE l.fname ${pred}`;
      const scan = await scanOf(d, q);
      expect(scan, q).toMatchObject({ index: 'mix1' });
      expect(scan!.covers, q).toBeDefined();
      expect((scan!.spans as { range: unknown[] }[])[0].range[0], q).toEqual(range);
      await expectRows(d, q, ids.map((id) => ({ id })));
    }
  });

  it('an OR on its keys is one scan of two spans; with another index, a UnionScan', async () => {
    const d = await open([MIX1, CITY]);
    const q1 = "SELECT META(l).id FROM lkm AS l WHERE l.fname = 'Stephen' OR l.lname = 'Klay Thompson'";
    const s1 = await scanOf(d, q1);
    expect(s1).toMatchObject({ '#operator': 'IndexScan3', index: 'mix1' });
    expect(s1!.spans).toHaveLength(2);
    await expectRows(d, q1, [{ id: 'scurry01' }, { id: 'thompson01' }]);
    for (const q of ["SELECT META(l).id FROM lkm AS l WHERE l.fname = 'Stephen' OR l.city = 'Oakland'", "SELECT META(l).id FROM lkm AS l WHERE l.lname = 'Curry' OR l.city = 'Oakland'"]) {
      const s = await scanOf(d, q);
      expect(s, q).toMatchObject({ '#operator': 'UnionScan' });
      expect(s!.scans, q).toHaveLength(2);
      await expectRows(d, q, Object.keys(DOCS).map((id) => ({ id })));
    }
  });

  it('an index whose leading key is sargable comes first', async () => {
    const d = await open([MIX1, CITY]);
    const q = "SELECT DISTINCT l.state FROM lkm AS l WHERE l.city = 'Oakland'";
    expect(await scanOf(d, q)).toMatchObject({ index: 'ix_city_state' });
    await expectRows(d, q, [{ state: 'California' }]);
  });

  it('a partial INCLUDE MISSING index the WHERE implies, ordered by its leading key', async () => {
    const d = await open([MIX1, "CREATE INDEX pix1 ON lkm(fname INCLUDE MISSING, lname, team) WHERE type = 'contacts'"]);
    const q = "SELECT l.fname, l.lname FROM lkm AS l WHERE l.type = 'contacts' ORDER BY l.fname LIMIT 2";
    const scan = await scanOf(d, q);
    expect(scan).toMatchObject({ index: 'pix1', index_order: [{ keypos: 0 }], limit: '2' });
    expect(scan!.covers).toBeDefined();
    await expectRows(d, q, [{ lname: 'Klay Thompson' }, { fname: null, lname: 'Draymond Green' }], true);
  });
});

describe('an INCLUDE MISSING index next to a primary index', () => {
  const ddl = [MIX1, CITY, 'CREATE PRIMARY INDEX ix_primary ON lkm'];

  it('the primary index serves a query no key of the INCLUDE MISSING index constrains', async () => {
    const d = await open(ddl);
    expect(await scanOf(d, 'SELECT META(l).id FROM lkm AS l')).toMatchObject({ '#operator': 'IndexScan3', index: 'ix_primary' });
    const q = 'SELECT DISTINCT l.city FROM lkm AS l WHERE l.zipcode = 94501';
    expect(await scanOf(d, q)).toMatchObject({ '#operator': 'PrimaryScan3', index: 'ix_primary' });
    await expectRows(d, q, [{ city: 'Oakland' }]);
  });

  it('the INCLUDE MISSING index serves a predicate on a later key, with the order pushed down', async () => {
    const d = await open(ddl);
    const q = "SELECT l.fname, l.lname, l.city FROM lkm AS l WHERE l.team = 'gsw' ORDER BY l.fname DESC LIMIT 2 OFFSET 1";
    const scan = await scanOf(d, q);
    expect(scan).toMatchObject({ index: 'mix1', index_order: [{ keypos: 0, desc: true }], limit: '2', offset: '1' });
    expect(scan!.covers).toBeUndefined();
    await expectRows(d, q, [{ city: 'Oakland', fname: 'Andrew', lname: 'Wiggins' }, { city: 'Oakland', fname: 'Andre', lname: 'Iguodala' }], true);
  });
});

describe('ORDER BY after the keys a span fixes', () => {
  it('serves ORDER BY fname DESC from (team, fname DESC, lname) under team = value', async () => {
    const d = await open(['CREATE INDEX ix_team_fname ON lkm(team, fname DESC, lname)']);
    const q = "SELECT l.fname, l.lname FROM lkm AS l WHERE l.team = 'gsw' ORDER BY l.fname DESC LIMIT 2 OFFSET 1";
    const scan = await scanOf(d, q);
    expect(scan).toMatchObject({ index: 'ix_team_fname', index_order: [{ keypos: 1, desc: true }], limit: '2', offset: '1' });
    expect(scan!.covers).toBeDefined();
    // fname MISSING (thompson01) is not in this index (its leading key is team): the rows are the suite's.
    await expectRows(d, q, [{ fname: 'Andrew', lname: 'Wiggins' }, { fname: 'Andre', lname: 'Iguodala' }], true);
  });
});

describe('ADVISE with an INCLUDE MISSING index', () => {
  it('the index it recommends, once created, is the current optimal covering index', async () => {
    const d = await open([]);
    const q = 'ADVISE SELECT l.fname FROM lkm AS l';
    const before = JSON.stringify((await d.query(q)).results);
    expect(before).toContain('CREATE INDEX adv_fname ON `lkm`(`fname` INCLUDE MISSING)');
    await d.query('CREATE INDEX adv_fname ON `lkm`(`fname` INCLUDE MISSING)');
    const info = ((await d.query(q)).results[0] as { advice: { adviseinfo: Record<string, unknown> } }).advice.adviseinfo;
    expect(info.current_indexes).toEqual([{ index_statement: 'CREATE INDEX adv_fname ON `default`:`lkm`(`fname` INCLUDE MISSING)', index_status: 'THIS IS AN OPTIMAL COVERING INDEX.', keyspace_alias: 'l' }]);
  });
});

describe('an INCLUDE MISSING leading key before an array key', () => {
  it("indexes a document whose leading key is MISSING under each element (the suite's case_any.json#8: mix2)", async () => {
    const d = await open(['CREATE INDEX mix2 ON lkm(fname INCLUDE MISSING DESC, lname, team, DISTINCT ARRAY FLATTEN_KEYS(v.id, v.type, v.default) FOR v IN contacts END)']);
    await d.upsert('lkm', 'scurry01', { ...(DOCS.scurry01 as object), contacts: [{ type: 'mobile', id: '1-888-123-4567' }] });
    await d.upsert('lkm', 'thompson01', { ...(DOCS.thompson01 as object), contacts: [{ type: 'mobile', id: '1-888-123-4568' }, { type: 'email', id: 'klay.thompson@gmail.com', default: null }] });
    const q = "SELECT META(l).id FROM lkm AS l WHERE ANY v IN l.contacts SATISFIES v.id LIKE '1-888%' END";
    expect(operators((await d.explain(q)) as unknown).some((o) => o['#operator'] === 'IndexScan3' && o.index === 'mix2')).toBe(true);
    expect(sameRows((await d.query(q)).results, [{ id: 'scurry01' }, { id: 'thompson01' }], false)).toBe(true);
  });
});
