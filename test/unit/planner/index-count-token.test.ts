import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

/** Names with a token repeated, in both cases, and MISSING, NULL and non-string names. Counts: the reference's answers (full scan). */
const DOCS = [
  { id: 'a', name: 'Lodge Lodge' },
  { id: 'b', name: 'lodge Inn' },
  { id: 'c', name: 'Grand Lodge' },
  { id: 'd', name: 'Inn' },
  { id: 'e' },
  { id: 'f', name: null },
  { id: 'g', name: 7 },
  { id: 'h', name: ['Lodge', 'Lodge'] },
];

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.load('ks', DOCS, { key: '%id%' });
  await db.query('CREATE INDEX ix_tok ON ks(DISTINCT ARRAY t FOR t IN TOKENS(name) END)');
});
afterAll(async () => db.close());

const count = async (where: string) => (await db.query(`SELECT RAW COUNT(*) FROM ks WHERE ${where}`)).results[0];
const scanOf = async (where: string) => {
  const plan = ((await db.query(`EXPLAIN SELECT COUNT(*) FROM ks WHERE ${where}`)).results[0] as { plan: { '~children': { '#operator': string }[] } }).plan;
  return plan['~children'][0]!['#operator'];
};

describe('IndexCountScan2 over a token index', () => {
  it('a point span counts each document once, a repeated token included', async () => {
    const w = "ANY t IN TOKENS(name) SATISFIES t = 'Lodge' END";
    expect(await scanOf(w)).toBe('IndexCountScan2');
    // a (twice in the name), c, h (an array of two): three documents; b's 'lodge' differs in case.
    expect(await count(w)).toBe(3);
    expect(await count("ANY t IN TOKENS(name) SATISFIES t = 'Inn' END")).toBe(2);
    expect(await count("ANY t IN TOKENS(name) SATISFIES t = 7 END")).toBe(1);
    expect(await count("ANY t IN TOKENS(name) SATISFIES t = 'none' END")).toBe(0);
  });

  it('a range over several tokens counts a document once, however many of its tokens fall in it', async () => {
    const w = "ANY t IN TOKENS(name) SATISFIES t >= 'Grand' AND t <= 'Lodge' END";
    expect(await scanOf(w)).toBe('IndexCountScan2');
    // Grand, Inn, Lodge: a, b (Inn), c (Grand, Lodge), d, h.
    expect(await count(w)).toBe(5);
    expect(await count("ANY t IN TOKENS(name) SATISFIES t IN ['Lodge', 'Inn'] END")).toBe(5);
  });
});
