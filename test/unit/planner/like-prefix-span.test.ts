/**
 * LIKE prefix spans bound by code point order (the order strings collate in): a prefix ending in
 * an astral character whose low surrogate is U+DFFF (𝟿 U+1D7FF, 𠏿 U+203FF) or in U+FFFF once gave
 * an upper bound below the matching tokens, and the index scan missed rows a full scan returns.
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

async function open(index: boolean, options: string): Promise<Database> {
  const db = await Database.open();
  await db.createKeyspace('ks');
  await db.upsert('ks', 'd1', { name: '𠏿x 𝟿𝟿', whole: 'a\uffffb' });
  await db.upsert('ks', 'd2', { name: 'plain words', whole: 'a\ud800' });
  if (index) await db.query(`CREATE INDEX ix ON ks(DISTINCT ARRAY v FOR v IN TOKENS(${options}) END)`);
  return db;
}

describe('LIKE prefix spans at the edges of code point order', () => {
  const cases: [string, string, string[]][] = [
    ['name', `CONTAINS_TOKEN_LIKE(name, "𠏿%")`, ['d1']],
    ['name', `CONTAINS_TOKEN_LIKE(name, "𝟿%")`, ['d1']],
    ['name', `ANY v IN TOKENS(name) SATISFIES v LIKE "𝟿%" END`, ['d1']],
    ['whole, {"split": false}', `CONTAINS_TOKEN_LIKE(whole, "a\uffff%", {"split": false})`, ['d1']],
    ['whole, {"split": false}', `CONTAINS_TOKEN_LIKE(whole, "a%", {"split": false})`, ['d1', 'd2']],
  ];
  it.each(cases)('TOKENS(%s): %s', async (options, where, expected) => {
    const statement = `SELECT RAW META().id FROM ks WHERE ${where} ORDER BY META().id`;
    const indexed = await open(true, options);
    const plain = await open(false, options);
    expect(JSON.stringify(await indexed.explain(statement))).toContain('IndexScan3');
    expect((await indexed.query(statement)).results).toEqual(expected);
    expect((await plain.query(statement)).results).toEqual(expected);
    await indexed.close();
    await plain.close();
  });
});
