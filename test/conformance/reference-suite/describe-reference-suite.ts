import { expect, it } from 'vitest';
import { describeStores } from '../../support/describe-stores.js';
import { testStoreKinds, type StoreKind } from '../../support/store-kinds.js';
import { featureCases, groupCases, suiteFeatures } from './suite.js';
import { runGroup, type CaseOutcome } from './run-group.js';
import { readExpectations, surprises } from './expectations.js';

/**
 * The reference's own test suite (../shared/conformance/reference-suite/), every in-scope
 * feature, against the checked-in expected failures (expected-failures.json, each with its
 * reason). A feature's test fails on a case that fails without being listed, and on a listed
 * case that now passes: rewrite the list with `npm run conformance -- FEATURE --write-expected`
 * and review the diff. `npm run conformance` prints the table of passed / counted. Every feature
 * runs on each store kind (test/support/store-kinds.ts) against the same list, plus the kind's
 * own list for what that store cannot do by design (expectations.ts `storeFailuresFile`: an
 * EXPLAIN that differs because PostgreSQL's B-tree cannot hold an index entry); any other case
 * that behaves differently on one store is a store bug, not an entry.
 *
 * One test file per store kind (reference-suite-KIND.test.ts), so that the kinds' runs, minutes
 * each, can go to different vitest workers; this is their body, for the kind `only` when it is
 * selected (TOKENQL_TEST_STORES, test/support/store-kinds.ts).
 */
export function describeReferenceSuite(only: StoreKind): void {
  const expected = readExpectations(only);
  const features = suiteFeatures().filter((f) => f.inScope && f.cases > 0);

  describeStores('the reference suite', (kind) => {
    it('has the features and cases the conversion lists', () => {
      expect(features.length).toBeGreaterThanOrEqual(80);
      expect(features.reduce((n, f) => n + f.converted, 0)).toBe(2693);
      // gsi-indexga's 70 converted cases as its harness runs them (harness-runs.ts).
      expect(features.reduce((n, f) => n + f.cases, 0)).toBe(2693 - 70 + 205);
    });

    for (const f of features) {
      it(`${f.name} (${f.cases} cases)`, async () => {
        const outcomes: CaseOutcome[] = [];
        for (const g of groupCases(featureCases(f.name))) outcomes.push(...(await runGroup(g, kind)));
        expect(outcomes.length).toBe(f.cases);
        const { regressions, nowPassing } = surprises(outcomes, expected);
        expect({ regressions, nowPassing }).toEqual({ regressions: [], nowPassing: [] });
      });
    }
    // A feature of many writes (gsi-merge: 61 cases) takes minutes on the PostgreSQL store, where
    // every write is a transaction.
  }, { timeout: 600_000, kinds: testStoreKinds().filter((k) => k === only) });
}
