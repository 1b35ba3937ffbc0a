/**
 * A HashJoin whose alias nothing after it reads (`_unread`, planner/alias-read.ts) passes on its
 * rows without binding the alias: the same rows, so the same counts. Expected counts are the
 * reference's answers (n1ql-reference, cbq-engine at 3582af6c) over the same two keyspaces, whose
 * join keys mix numbers (1 and 1.0 equal), a string "1", booleans, arrays and objects (compared
 * by the ON clause: `[null] = [null]` is NULL), NULL and MISSING (never matching).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../src/index.js';
import { aliasRead } from '../../src/planner/alias-read.js';
import { decodePlan } from '../../src/planner/plan-codec.js';
import { parseExpression } from '../../src/syntax/parse.js';

const L: Value[] = [
  { id: 'l1', k: 1 },
  { id: 'l2', k: 1.0 },
  { id: 'l3', k: '1' },
  { id: 'l4', k: [1] },
  { id: 'l5', k: [null] },
  { id: 'l6', k: { x: 1 } },
  { id: 'l7', k: null },
  { id: 'l8' },
  { id: 'l9', k: true },
  { id: 'l10', k: [1, 'a'] },
  { id: 'l11', k: { x: null } },
];
const R: Value[] = [
  { id: 'r1', k: 1 },
  { id: 'r2', k: 1 },
  { id: 'r3', k: '1' },
  { id: 'r4', k: [1.0] },
  { id: 'r5', k: [null] },
  { id: 'r6', k: { x: 1 } },
  { id: 'r7', k: null },
  { id: 'r8' },
  { id: 'r9', k: true },
  { id: 'r10', k: 'true' },
  { id: 'r11', k: [1, 'a'] },
  { id: 'r12', k: { x: null } },
];

type Node = Record<string, Value>;
function hashJoins(n: Value, out: Node[] = []): Node[] {
  if (Array.isArray(n)) n.forEach((c) => hashJoins(c, out));
  else if (n && typeof n === 'object') {
    if (n['#operator'] === 'HashJoin') out.push(n as Node);
    Object.values(n).forEach((c) => hashJoins(c, out));
  }
  return out;
}

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.load('l', L, { key: '%id%' });
  await db.load('r', R, { key: '%id%' });
});
afterAll(() => db.close());

/** The `_unread` flags of the statement's HashJoins, read from its prepared (encoded) plan. */
let prepared = 0;
async function unreadFlags(q: string): Promise<(boolean | undefined)[]> {
  const p = (await db.query(`PREPARE p${++prepared} FROM ${q}`)).results[0] as Node;
  return hashJoins(decodePlan(p.encoded_plan as string).plan as unknown as Value).map((j) => j._unread as boolean | undefined);
}

describe('HashJoin whose alias is not read after it', () => {
  it.each([
    ['SELECT COUNT(*) AS n FROM l JOIN r ON l.k = r.k', [{ n: 9 }], true],
    ['SELECT COUNT(*) AS n FROM l JOIN r USE HASH(BUILD) ON l.k = r.k', [{ n: 9 }], true],
    ['SELECT COUNT(*) AS n FROM l JOIN r USE HASH(PROBE) ON l.k = r.k', [{ n: 9 }], true],
    ['SELECT COUNT(*) AS n FROM l JOIN r ON l.k = r.k AND l.id = r.id', [{ n: 0 }], true],
    [
      'SELECT l.id, COUNT(*) AS n FROM l JOIN r ON l.k = r.k GROUP BY l.id ORDER BY l.id',
      [
        { id: 'l1', n: 2 },
        { id: 'l10', n: 1 },
        { id: 'l2', n: 2 },
        { id: 'l3', n: 1 },
        { id: 'l4', n: 1 },
        { id: 'l6', n: 1 },
        { id: 'l9', n: 1 },
      ],
      true,
    ],
    ['SELECT COUNT(1) AS n, COUNT(r) AS m FROM l JOIN r ON l.k = r.k', [{ n: 9, m: 9 }], false],
  ])('%s', async (q, expected, unread) => {
    expect((await db.query(q)).results).toEqual(expected);
    const flags = await unreadFlags(q);
    expect(flags.length).toBe(1);
    expect(!!flags[0]).toBe(unread);
  });

  it('is not marked when the alias is read by the projection, ORDER BY, a later join, META() or a subquery', async () => {
    for (const q of [
      'SELECT r.id FROM l JOIN r ON l.k = r.k',
      'SELECT * FROM l JOIN r ON l.k = r.k',
      'SELECT l.id FROM l JOIN r ON l.k = r.k ORDER BY r.id',
      'SELECT META(r).id AS x FROM l JOIN r ON l.k = r.k',
      'SELECT l.id FROM l JOIN r ON l.k = r.k JOIN l AS l2 ON l2.id = r.id',
      'SELECT l.id, (SELECT RAW 1 FROM l AS z LIMIT 1) AS s FROM l JOIN r ON l.k = r.k',
      'SELECT l.id FROM l LEFT JOIN r ON l.k = r.k',
    ]) {
      const flags = await unreadFlags(q);
      expect(flags[0], q).not.toBe(true);
    }
  });
});

describe('aliasRead', () => {
  const read = (e: string, bound: string[] = ['l']) => aliasRead('r', [parseExpression(e)], new Set(bound));
  it.each([
    ['COUNT(*)', false],
    ['l.x + 1', false],
    ['r', true],
    ['r.x', true],
    ['META(r).id', true],
    ['META().id', true],
    ['x', true],
    ['ANY v IN l.a SATISFIES v = r.y END', true],
    ['ANY v IN l.a SATISFIES v = 1 END', false],
    ['(SELECT RAW 1)', true],
    ['SUM(l.x) OVER (PARTITION BY r.y)', true],
  ])('%s → %s', (e, expected) => {
    expect(read(e)).toBe(expected);
  });
});
