/**
 * Property: values from NEXT VALUE calls of concurrent statements on one sequence are distinct
 * and follow the sequence's definition — each value is start + k × increment within
 * [MINVALUE, MAXVALUE] (CYCLE: wrapping to the other end), and a NO CYCLE sequence past its limit
 * raises 5010 instead of giving a value. Definition: the reference's docs "Sequence Operators"
 * and couchbase/query `sequences/sequences.go`.
 * Runs: TOKENQL_PROPERTY_RUNS (default 60).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../src/index.js';
import { propertyParameters } from '../../src/testing/index.js';

const params = propertyParameters<unknown>(60);

/** The values a sequence gives, computed naively one step at a time (CYCLE: wrap to the other end). */
function naive(start: number, incr: number, min: number, max: number, cycle: boolean, n: number): (number | 'limit')[] {
  const out: (number | 'limit')[] = [];
  let v = start;
  for (let i = 0; i < n; i++) {
    if (v > max || v < min) {
      if (!cycle) {
        out.push('limit');
        break;
      }
      v = incr > 0 ? min : max;
    }
    out.push(v);
    v += incr;
  }
  return out;
}

describe('NEXT VALUE from concurrent statements', () => {
  it('gives distinct values that follow increment, MINVALUE/MAXVALUE and CYCLE', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          incr: fc.integer({ min: -5, max: 5 }).filter((x) => x !== 0),
          min: fc.integer({ min: -100, max: 0 }),
          span: fc.integer({ min: 1, max: 200 }),
          cache: fc.integer({ min: 1, max: 20 }),
          cycle: fc.boolean(),
          statements: fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 6 }),
        }),
        async ({ incr, min, span, cache, cycle, statements }) => {
          const max = min + span;
          const start = incr > 0 ? min : max;
          const db = await Database.open();
          try {
            await db.createKeyspace('b');
            await db.query(`CREATE SEQUENCE b.s.q START WITH ${start} INCREMENT BY ${incr} MINVALUE ${min} MAXVALUE ${max} CACHE ${cache} ${cycle ? 'CYCLE' : 'NO CYCLE'}`);
            // Statements run concurrently; each takes `n` values (one per row).
            const outcomes = await Promise.all(
              statements.map((n) =>
                db.query(`SELECT RAW NEXT VALUE FOR b.s.q FROM array_range(0, ${n}) i`).then(
                  (r) => r.results as number[],
                  (e: unknown) => {
                    if (e instanceof QueryError && e.code === 5010) return 'limit' as const;
                    throw e;
                  },
                ),
              ),
            );
            const taken = outcomes.flatMap((o) => (o === 'limit' ? [] : o));
            const total = statements.reduce((a, b) => a + b, 0);
            const expected = naive(start, incr, min, max, cycle, total);
            const reachable = expected.filter((v): v is number => v !== 'limit');
            for (const v of taken) {
              expect(v).toBeGreaterThanOrEqual(min);
              expect(v).toBeLessThanOrEqual(max);
              expect(((v - start) % incr + Math.abs(incr)) % Math.abs(incr)).toBe(0);
            }
            if (!cycle || reachable.length <= span / Math.abs(incr)) {
              // Before any wrap the values are distinct and exactly the first ones of the definition.
              expect(new Set(taken).size).toBe(taken.length);
              if (!outcomes.includes('limit')) expect([...taken].sort((a, b) => a - b)).toEqual([...reachable].sort((a, b) => a - b));
              else expect(reachable).toEqual(expect.arrayContaining(taken));
            }
          } finally {
            await db.close();
          }
        },
      ),
      params,
    );
  });
});
