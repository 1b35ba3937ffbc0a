/**
 * Covering scans for UNNEST and index joins, partial-index condition covers, composite spans,
 * and the reference's printing of comparisons, WITH and ORDER BY. Rows are the reference's
 * answers (n1ql-reference, no index: the rows do not depend on one); plan shapes are the
 * reference suite's (gsi/cover case_cover.json #9, #10; gsi/unnest case_unnest_scan_bugs.json #8)
 * and the reference's own EXPLAIN where it needs no secondary index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../src/index.js';

type Obj = Record<string, unknown>;
const DOCS: Record<string, Value> = {
  a: { arr: [{ x: 1 }, { x: 2 }, { x: 1 }, { x: 2 }, { y: 5 }], f1: [1, 1, 2, null] },
  b: { arr: [{ x: 2 }, { x: 0 }], f1: [2] },
  c: { arr: [0, 0, 1], status: 'OPEN' },
  s1: { status: 'OPEN' },
  i1: { owner: 's1', name: 'n1' },
  i2: { owner: 's1', name: 'n2' },
  i3: { owner: 'c' },
};

/** Every operator of a plan, depth first. */
function operators(p: unknown, out: Obj[] = []): Obj[] {
  if (Array.isArray(p)) for (const x of p) operators(x, out);
  else if (p && typeof p === 'object') {
    const o = p as Obj;
    if (typeof o['#operator'] === 'string') out.push(o);
    for (const [k, v] of Object.entries(o)) if (k !== 'scan' || typeof (v as Obj)?.['#operator'] === 'string') operators(v, out);
  }
  return out;
}

let db: Database;
const explain = async (q: string) => ((await db.query(`EXPLAIN ${q}`)).results[0] as Obj).plan as Obj;
const rows = async (q: string) => (await db.query(q)).results;

beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('t');
  for (const [k, v] of Object.entries(DOCS)) await db.upsert('t', k, v);
  await db.query('CREATE INDEX ix_ax ON t(ALL ARRAY u.x FOR u IN arr END)');
  await db.query('CREATE INDEX ix_f1 ON t(ALL f1)');
  await db.query('CREATE INDEX ix_owner ON t(owner, name)');
  await db.query('CREATE INDEX ix_status ON t(status)');
});
afterAll(() => db.close());

describe('covering UNNEST scans (an ALL array key answers the UNNEST)', () => {
  const q1 = 'SELECT META(d).id, u.x FROM t AS d UNNEST d.arr AS u WHERE u.x > 0 ORDER BY META(d).id, u.x';
  it('one row per occurrence of each element, duplicates kept (reference rows)', async () => {
    expect(await rows(q1)).toEqual([
      { id: 'a', x: 1 },
      { id: 'a', x: 1 },
      { id: 'a', x: 2 },
      { id: 'a', x: 2 },
      { id: 'b', x: 2 },
    ]);
  });

  it('EXPLAIN: an IndexScan3 with covers, and no DistinctScan, Fetch or Unnest', async () => {
    const ops = operators(await explain(q1));
    const scan = ops.find((o) => o['#operator'] === 'IndexScan3')!;
    expect(scan.index).toBe('ix_ax');
    expect(scan.covers).toEqual(['cover ((`u`.`x`))', 'cover ((meta(`d`).`id`))']);
    expect(ops.map((o) => o['#operator'])).not.toContain('DistinctScan');
    expect(ops.map((o) => o['#operator'])).not.toContain('Fetch');
    expect(ops.map((o) => o['#operator'])).not.toContain('Unnest');
  });

  it('an ALL key on the array itself: GROUP BY the element (reference rows)', async () => {
    const q = 'SELECT f1, COUNT(1) AS n FROM t AS d UNNEST d.f1 WHERE f1 IS NOT MISSING GROUP BY f1 ORDER BY f1';
    expect(await rows(q)).toEqual([
      { f1: null, n: 1 },
      { f1: 1, n: 2 },
      { f1: 2, n: 2 },
    ]);
    expect((operators(await explain(q)).find((o) => o['#operator'] === 'IndexScan3')!).covers).toEqual(['cover (`f1`)', 'cover ((meta(`d`).`id`))']);
  });

  it('not covered: a DISTINCT key, or an element read beyond its key', async () => {
    await db.query('CREATE INDEX ix_dx ON t(DISTINCT ARRAY u.x FOR u IN arr END)');
    await db.query('DROP INDEX t.ix_ax');
    try {
      expect(operators(await explain(q1)).map((o) => o['#operator'])).toContain('Unnest');
    } finally {
      await db.query('CREATE INDEX ix_ax ON t(ALL ARRAY u.x FOR u IN arr END)');
      await db.query('DROP INDEX t.ix_dx');
    }
    const q = 'SELECT u FROM t AS d UNNEST d.arr AS u WHERE u.x > 0 ORDER BY u';
    expect(operators(await explain(q)).map((o) => o['#operator'])).toContain('Fetch');
    expect(await rows(q)).toEqual([{ u: { x: 1 } }, { u: { x: 1 } }, { u: { x: 2 } }, { u: { x: 2 } }, { u: { x: 2 } }]);
  });
});

describe("an UNNEST's index filter (a scan that does not cover)", () => {
  it('the conjuncts on the element filter the entries; the rows are the reference rows', async () => {
    const q = 'SELECT META(d).id, u FROM t AS d UNNEST d.arr AS u WHERE u.x >= 0 AND u.x != 1 ORDER BY META(d).id, u';
    const ops = operators(await explain(q));
    const scan = ops.find((o) => o['#operator'] === 'IndexScan3')!;
    expect(scan.covers).toBeUndefined();
    expect(scan.filter).toBe('((0 <= (`u`.`x`)) and ((`u`.`x`) != 1))');
    expect(ops.map((o) => o['#operator'])).toEqual(expect.arrayContaining(['DistinctScan', 'Fetch', 'Unnest']));
    expect(await rows(q)).toEqual([
      { id: 'a', u: { x: 2 } },
      { id: 'a', u: { x: 2 } },
      { id: 'b', u: { x: 0 } },
      { id: 'b', u: { x: 2 } },
    ]);
  });
});

describe('covered index joins', () => {
  const q = 'SELECT META(s).id AS sid, META(i).id AS iid FROM t s LEFT JOIN t i ON KEY i.owner FOR s WHERE s.status = "OPEN" ORDER BY sid, iid';
  it('rows as the ANSI join ON META(s).id = i.owner (reference rows)', async () => {
    expect(await rows(q)).toEqual([
      { sid: 'c', iid: 'i3' },
      { sid: 's1', iid: 'i1' },
      { sid: 's1', iid: 'i2' },
    ]);
  });

  it('EXPLAIN as the reference suite (case_cover.json#10): both scans cover, on_key as cover (…)', async () => {
    const ops = operators(await explain(q));
    const outer = ops.find((o) => o['#operator'] === 'IndexScan3')!;
    expect(outer.covers).toEqual(['cover ((`s`.`status`))', 'cover ((meta(`s`).`id`))']);
    expect(outer.filter).toBe('(cover ((`s`.`status`)) = "OPEN")');
    const join = ops.find((o) => o['#operator'] === 'IndexJoin')!;
    expect(join.on_key).toBe('cover ((`i`.`owner`))');
    expect(join.outer).toBe(true);
    expect(join.scan).toMatchObject({ covers: ['cover ((`i`.`owner`))', 'cover ((`i`.`name`))', 'cover ((meta(`i`).`id`))'], index: 'ix_owner', using: 'gsi' });
    expect(ops.map((o) => o['#operator'])).not.toContain('Fetch');
  });
});

describe('covering with correlated subqueries (gsi/cover case_cover8.json#1)', () => {
  it('a subquery reading the block alias only through index keys or META().id keeps the scan covering', async () => {
    await db.query('CREATE INDEX ix_arr ON t(arr)');
    try {
      const q = 'SELECT META(s).id AS k, (SELECT RAW x.x FROM s.arr AS x WHERE x.x > 1) AS big, (SELECT RAW META(s).id || "!") AS m FROM t s WHERE s.arr IS NOT MISSING ORDER BY k';
      const ops = operators(await explain(q));
      expect(ops.find((o) => o['#operator'] === 'IndexScan3')!.covers).toEqual(['cover ((`s`.`arr`))', 'cover ((meta(`s`).`id`))']);
      expect(ops.map((o) => o['#operator'])).not.toContain('Fetch');
      expect(await rows(q)).toEqual([
        { k: 'a', big: [2, 2], m: ['a!'] },
        { k: 'b', big: [2], m: ['b!'] },
        { k: 'c', big: [], m: ['c!'] },
      ]);
      // Reading the alias whole (FROM s) fetches.
      expect(operators(await explain('SELECT META(s).id AS k, (SELECT RAW 1 FROM s AS y) AS w FROM t s WHERE s.arr IS NOT MISSING')).map((o) => o['#operator'])).toContain('Fetch');
    } finally {
      await db.query('DROP INDEX t.ix_arr');
    }
  });
});

describe('partial index conditions and composite spans (reference suite case_cover.json#9)', () => {
  it('filter_covers, the repeated condition as cover (…), and a range on every constrained key', async () => {
    const d2 = await Database.open();
    try {
      await d2.createKeyspace('shellTest');
      await d2.upsert('shellTest', 'k1', { email: 'a@b.c', VMs: [{ RAM: 8 }], join_day: 12 });
      await d2.query('CREATE INDEX ixCover5 on shellTest (email,VMs,join_day) WHERE (10 < join_day)');
      const q = "select email,VMs[0].RAM from shellTest where email LIKE '%@%.%' and VMs[0].RAM > 5 and join_day > 10";
      const plan = ((await d2.query(`EXPLAIN ${q}`)).results[0] as Obj).plan as Obj;
      const ops = operators(plan);
      const scan = ops.find((o) => o['#operator'] === 'IndexScan3')!;
      expect(scan.filter_covers).toEqual({ 'cover ((10 < (`shellTest`.`join_day`)))': true });
      expect(scan.spans).toEqual([
        {
          range: [
            { high: '[]', inclusion: 1, index_key: '`email`', low: '""' },
            { inclusion: 0, index_key: '`VMs`', low: 'null' },
            { inclusion: 0, index_key: '`join_day`', low: '10' },
          ],
        },
      ]);
      expect(ops.find((o) => o['#operator'] === 'Filter')!.condition).toBe(
        '(((cover ((`shellTest`.`email`)) like "%@%.%") and (5 < ((cover ((`shellTest`.`VMs`))[0]).`RAM`))) and cover ((10 < (`shellTest`.`join_day`))))',
      );
      expect((await d2.query(q)).results).toEqual([{ email: 'a@b.c', RAM: 8 }]);
    } finally {
      await d2.close();
    }
  });
});

describe('the reference plan forms (its EXPLAIN, no secondary index)', () => {
  it('comparisons print as < and <= with the operands swapped', async () => {
    const ops = operators(await explain('SELECT a FROM t WHERE a > 1 AND a >= 2'));
    expect(ops.find((o) => o['#operator'] === 'Filter')!.condition).toBe('((1 < (`t`.`a`)) and (2 <= (`t`.`a`)))');
  });

  it('WITH … ORDER BY: Sequence[With, Order], the Order with flags 6', async () => {
    const plan = await explain('WITH cte1 AS (SELECT a FROM t WHERE a = 1) SELECT a, cte1 FROM t WHERE a IS NOT MISSING ORDER BY a');
    expect(plan['#operator']).toBe('Sequence');
    const children = plan['~children'] as Obj[];
    expect(children.map((c) => c['#operator'])).toEqual(['With', 'Order']);
    expect(children[1]).toMatchObject({ '#operator': 'Order', flags: 6 });
    expect(await rows('WITH c AS (3) SELECT META(t).id AS k, c FROM t WHERE status IS VALUED ORDER BY k DESC')).toEqual([
      { k: 's1', c: 3 },
      { k: 'c', c: 3 },
    ]);
  });
});
