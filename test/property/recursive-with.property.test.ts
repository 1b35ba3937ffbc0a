/**
 * WITH RECURSIVE and RECURSIVE_CTE() ≡ a plain loop over the same step, on random graphs of
 * documents `{f, t}` (an edge f → t; cycles, self loops and repeated edges included):
 * - UNION: the rows are the nodes reachable from the start node (transitive closure), each once;
 *   UNION ALL with `CYCLE n RESTRICT` gives the same set;
 * - `OPTIONS {"levels": k}`: the loop stopped after k levels, with UNION (each node once) and
 *   with UNION ALL (one row per walk of length ≤ k, so duplicates count);
 * - `OPTIONS {"documents": d}`: as many rows as the loop keeps (the limit is checked before each
 *   level and cuts the level that passes it), all of them in the closure;
 * - RECURSIVE_CTE with `cycle` and `levels` ≡ the same loop.
 * The loop is written here in TypeScript from the definition (couchbase/query func_rcte.go's
 * loop: the level limit first, then the document limit, then one level), not from tokenql.
 * Runs: TOKENQL_PROPERTY_RUNS scenarios (default 40).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import { propertyParameters } from '../../src/testing/index.js';
import type { Value } from '../../src/values/index.js';

const edge = fc.record({ f: fc.integer({ min: 0, max: 5 }), t: fc.integer({ min: 0, max: 5 }) });
const graph = fc.array(edge, { maxLength: 10 });

/**
 * The recursion written out: rows of the anchor, then per level the targets of the previous
 * level's rows; `dedupe` drops nodes seen before (UNION, or CYCLE on the node).
 */
function loop(edges: { f: number; t: number }[], start: number, dedupe: boolean, levels = Infinity, documents = Infinity): number[] {
  const seen = new Set<number>([start]);
  const all = [start];
  let current = 0;
  let next = all.length;
  let level = 0;
  while (current < next) {
    if (level >= levels) break;
    if (current >= documents) {
      all.length = documents;
      break;
    }
    for (const n of all.slice(current, next)) {
      for (const e of edges) {
        if (e.f !== n) continue;
        if (dedupe && seen.has(e.t)) continue;
        seen.add(e.t);
        all.push(e.t);
      }
    }
    current = next;
    next = all.length;
    level++;
  }
  return all;
}

const sorted = (xs: Value[]) => [...(xs as number[])].sort((a, b) => a - b);

const closure = (union: 'UNION' | 'UNION ALL', tail = '') =>
  `WITH RECURSIVE r AS (SELECT $s AS n ${union} SELECT e.t AS n FROM r JOIN edges e ON e.f = r.n) ${tail} SELECT RAW r.n FROM r`;

describe('WITH RECURSIVE (property)', { timeout: 300_000 }, () => {
  it('≡ a loop over the same step: closure, levels, documents; RECURSIVE_CTE likewise', async () => {
    await fc.assert(
      fc.asyncProperty(graph, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 6 }), async (edges, start, k, d) => {
        const db = await Database.open();
        try {
          await db.createKeyspace('edges');
          await db.load('edges', edges, { key: ((_e: Value, i: number) => `e${i}`) as never });
          const run = async (q: string) => (await db.query(q, { params: { s: start } })).results;

          const reachable = sorted(loop(edges, start, true));
          expect(sorted(await run(closure('UNION')))).toEqual(reachable);
          expect(sorted(await run(closure('UNION ALL', 'CYCLE n RESTRICT')))).toEqual(reachable);

          expect(sorted(await run(closure('UNION', `OPTIONS {"levels": ${k}}`)))).toEqual(sorted(loop(edges, start, true, k)));
          expect(sorted(await run(closure('UNION ALL', `OPTIONS {"levels": ${k}}`)))).toEqual(sorted(loop(edges, start, false, k)));

          const limited = await run(closure('UNION', `OPTIONS {"documents": ${d}}`));
          expect(limited.length).toBe(loop(edges, start, true, Infinity, d).length);
          for (const n of limited) expect(reachable).toContain(n);

          const rcte = `SELECT RAW RECURSIVE_CTE("SELECT $s AS n", "SELECT e.t AS n FROM $anchor a JOIN edges e ON e.f = a.n", {"arguments": {"s": ${start}}, "cycle": ["n"], "levels": ${k}})`;
          const rows = ((await run(rcte))[0] as { n: number }[]).map((r) => r.n);
          expect(sorted(rows)).toEqual(sorted(loop(edges, start, true, k)));
        } finally {
          await db.close();
        }
      }),
      propertyParameters(40),
    );
  });
});
