/**
 * Boolean constants folded out of WHERE conjuncts before the scan is chosen
 * (src/planner/fold-logic.ts): `FALSE OR x` and `TRUE AND x` are `x`, also for x MISSING or
 * NULL (the reference: `(false OR MISSING) IS MISSING` and `(true AND NULL) IS NULL` are true).
 * Expected rows are the reference's answers (n1ql-reference, cbq-engine at 3582af6c).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, parseExpression, printExpr } from '../../../src/index.js';
import { foldConjunct } from '../../../src/planner/fold-logic.js';

const folded = (s: string) => foldConjunct(parseExpression(s)).map(printExpr);

describe('foldConjunct', () => {
  it('drops FALSE from an OR and TRUE from an AND, splitting the AND that results', () => {
    expect(folded('false OR b = 3')).toEqual([printExpr(parseExpression('b = 3'))]);
    expect(folded('b = 3 OR false')).toEqual([printExpr(parseExpression('b = 3'))]);
    expect(folded('true AND (a = 1 AND false OR c > 2)')).toEqual([printExpr(parseExpression('a = 1 AND false OR c > 2'))]);
    expect(folded('false OR (a = 1 AND b = 2)')).toEqual([printExpr(parseExpression('a = 1')), printExpr(parseExpression('b = 2'))]);
  });

  it('keeps other conjuncts as they are: TRUE OR x, NULL OR x, a parameter (an AND is split into its conjuncts)', () => {
    for (const s of ['true OR b = 3', 'null OR b = 3', '$p OR b = 3', 'b = 3']) expect(folded(s)).toEqual([printExpr(parseExpression(s))]);
    expect(folded('false AND b = 3')).toEqual(['false', printExpr(parseExpression('b = 3'))]);
  });
});

describe('a folded conjunct sargs its index key', () => {
  let db: Database;
  beforeAll(async () => {
    db = await Database.open();
    await db.load('ks', Array.from({ length: 12 }, (_, i) => ({ id: `i${i}`, a: i % 3, b: i % 4, c: i })), { key: '%id%' });
    await db.query('CREATE INDEX iab ON ks(a, b)');
  });
  afterAll(async () => db.close());

  it('a = 1 AND (false OR b = 3): one exact span on (a, b); the reference rows', async () => {
    const q = 'SELECT RAW META().id FROM ks WHERE a = 1 AND (false OR b = 3)';
    const plan = JSON.stringify(await db.query('EXPLAIN ' + q));
    expect(plan).toContain('"index_key":"`b`","low":"3"');
    expect((await db.query(q)).results).toEqual(['i7']);
    expect((await db.query('SELECT RAW META().id FROM ks WHERE a = 1 AND (b >= 2 AND true) ORDER BY META().id')).results).toEqual(['i10', 'i7']);
  });
});
