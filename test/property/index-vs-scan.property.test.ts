/**
 * Property: an index never changes a result (spec §10, DESIGN §7 "an index scan and a full scan
 * always agree"). Random documents, random token/scalar/composite/partial indexes, random
 * writes before and after the CREATE INDEX statements, random token and scalar predicates: every
 * statement gives the same rows (multisets, or sequences under ORDER BY), the same mutation
 * count or the same error code on database A (indexes) and database B (none).
 *
 * The generators and the runner live in the harness (src/testing, `tokenql/testing`).
 * Runs: TOKENQL_PROPERTY_RUNS scenarios (default 1,000, 8 queries each plus a final full read, so
 * about 9,000 query checks and ~8,000 writes; ~17 s on one core). (300 runs
 * passed with a merged-range bug, `k IS NOT MISSING AND k IS NOT NULL` returning NULL rows, that
 * one trial of 3,000 met at run 604.)
 *
 * Reproducing a failure: fast-check prints `{ seed: S, path: "P" }` and the shrunk scenario as a
 * N1QL script (paste it into `npx tokenql shell`, running the CREATE INDEX lines or not). Replay
 * exactly with `TOKENQL_PROPERTY_SEED=S TOKENQL_PROPERTY_PATH="P" npx vitest run
 * test/property/index-vs-scan.property.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import { KEYSPACE, propertyParameters, propertyRuns, runScenario, scenario, type Stats } from '../../src/testing/index.js';

const RUNS = propertyRuns(1000);
const QUERIES_PER_SCENARIO = 8;
/** Generous: the default run takes seconds, long runs (TOKENQL_PROPERTY_RUNS=5000) minutes. */
const TIMEOUT = { timeout: 900_000 };

describe('index scan vs full scan (property)', TIMEOUT, () => {
  it('every statement has the same outcome with and without the indexes', async () => {
    const stats: Stats = { queries: 0, writes: 0 };
    await fc.assert(
      fc.asyncProperty(scenario(QUERIES_PER_SCENARIO), (s) => runScenario(s, stats)),
      propertyParameters(1000, { includeErrorInReport: true }),
    );
    // Every query statement of every scenario was compared (one final read per scenario).
    expect(stats.queries).toBeGreaterThanOrEqual(RUNS * (QUERIES_PER_SCENARIO + 1));
    console.info(`index-vs-scan: ${RUNS} scenarios, ${stats.queries} queries and ${stats.writes} writes compared`);
  });

  /**
   * Sanity: the property is only worth something if the planner really answers some generated
   * queries from an index. Samples scenarios with a fixed seed, replays them on a database with
   * the indexes, and counts the queries whose EXPLAIN has an IndexScan3.
   */
  it('uses an index for a fair share of the generated queries', async () => {
    let indexed = 0;
    let total = 0;
    for (const s of fc.sample(scenario(QUERIES_PER_SCENARIO), { numRuns: 40, seed: 20260821 })) {
      const db = await Database.open();
      await db.createKeyspace(KEYSPACE);
      for (const st of s.steps) {
        if (st.kind !== 'query') await db.query(st.statement).catch(() => undefined);
        else {
          total++;
          if (JSON.stringify(await db.explain(st.statement)).includes('"IndexScan3"')) indexed++;
        }
      }
      await db.close();
    }
    console.info(`index-vs-scan: ${indexed} of ${total} sampled queries use an index`);
    expect(indexed).toBeGreaterThanOrEqual(Math.ceil(total * 0.1));
  });
});
