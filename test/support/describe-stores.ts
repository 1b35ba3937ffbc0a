import { afterAll, describe, it } from 'vitest';
import { releaseStoreKind, storeLabel, testStoreKinds, type StoreKind } from './store-kinds.js';

/** Options of {@link describeStores}: the kinds (default {@link testStoreKinds}) and a test timeout in ms. */
export interface DescribeStoresOptions {
  kinds?: readonly StoreKind[];
  timeout?: number;
}

/**
 * `describe("<title> [<kind> store]")` once per store kind (`TOKENQL_TEST_STORES`, default every
 * available kind: test/support/store-kinds.ts), with `body(kind)` inside, so that every test's
 * full title names its store; once the enclosing block is done (the file, at its top level)
 * the kind's shared resources (a PostgreSQL cluster) are freed. Kept apart from store-kinds.ts, which runs outside vitest too (report.ts).
 */
export function describeStores(title: string, body: (kind: StoreKind) => void, options: DescribeStoresOptions = {}): void {
  const kinds = options.kinds ?? testStoreKinds();
  // A file must hold a test: with none of its kinds selected, a skipped one says so.
  if (kinds.length === 0) it.skip(`${title}: none of the selected store kinds (TOKENQL_TEST_STORES) runs it`, () => {});
  for (const kind of kinds) {
    // Freed once the enclosing block (the test file, when called at its top level) is done, not
    // after each block: a file of many blocks starts one PostgreSQL cluster, not one per block.
    afterAll(() => releaseStoreKind(kind));
    describe(`${title} [${storeLabel(kind)}]`, options.timeout === undefined ? {} : { timeout: options.timeout }, () => body(kind));
  }
}
