import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import type { Value } from '../../src/values/index.js';
import { canonical, sameRows } from '../support/compare.js';
import { sharedPath } from '../support/shared.js';

/**
 * Joins and nests over the real travel-sample documents (../shared/datasets/travel-sample.jsonl,
 * keys `%type%_%id%`, keyspace `travel`). Every expected result is the reference's answer
 * (n1ql-reference --load travel=travel-sample.jsonl --key 'travel=%type%_%id%'), kept as a
 * literal in travel-sample-joins.json. Each statement runs twice: without secondary indexes
 * (hash and nested-loop joins over primary scans) and with indexes on the inner sides' join
 * keys (nested-loop joins over index scans): the rows must be the same.
 */
interface JoinCase {
  statement: string;
  results: Value[];
  ordered?: boolean;
}

const dir = path.dirname(fileURLToPath(import.meta.url));
const cases: JoinCase[] = JSON.parse(readFileSync(path.join(dir, 'travel-sample-joins.json'), 'utf8'));

describe('joins over travel-sample, as the reference answers', () => {
  let db: Database;
  beforeAll(async () => {
    db = await Database.open();
    await db.createKeyspace('travel');
    const report = await db.load('travel', sharedPath('datasets/travel-sample.jsonl'), { key: '%type%_%id%' });
    expect(report.failures).toEqual([]);
  }, 60_000);
  afterAll(async () => db.close());

  const check = async (c: JoinCase) => {
    const { results } = await db.query(c.statement);
    if (!sameRows(results, c.results, c.ordered ?? false)) expect(results.map(canonical), c.statement).toEqual(c.results.map(canonical));
  };

  for (const c of cases) it(`no index: ${c.statement}`, () => check(c), 15_000);

  it('with indexes on the join keys: the same rows', async () => {
    for (const ddl of [
      'CREATE INDEX ix_faa ON travel(faa)',
      'CREATE INDEX ix_airlineid ON travel(airlineid)',
      'CREATE INDEX ix_city ON travel(city)',
      'CREATE INDEX ix_name_tokens ON travel(DISTINCT ARRAY t FOR t IN TOKENS(name, {"case":"lower"}) END)',
    ]) {
      await db.query(ddl);
    }
    for (const c of cases) await check(c);
    // An index join is the ON KEYS join the other way round: 53 routes name an airline document
    // (the reference's count for `JOIN travel a ON KEYS r.airlineid`).
    const idx = await db.query('SELECT COUNT(*) AS n, COUNT(DISTINCT META(a).id) AS airlines FROM travel a JOIN travel r ON KEY r.airlineid FOR a WHERE a.type = "airline"');
    expect(idx.results).toEqual([{ n: 53, airlines: 1 }]);
  }, 120_000);
});
