/**
 * A user's view of tokenql/testing: a product catalogue with its own document shape and a
 * token index on the product names, checked with the ready-made properties under vitest.
 * Imports only the package (`tokenql`, `tokenql/testing`) and fast-check; run after a build:
 *
 *   npm run build && npx vitest run examples/testing
 */
import fc from 'fast-check';
import { Database } from 'tokenql';
import {
  awkwardText,
  compactionPreservesResults,
  containsIffInTokens,
  documents,
  indexMatchesScan,
  indexTargets,
  planUsesIndexIffOptionsEquivalent,
  propertyParameters,
} from 'tokenql/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Products shaped like ours: a name with awkward text, a SKU like "SL-300", tags, a price. */
const product = documents({
  fields: {
    name: awkwardText({ maxPieces: 4 }),
    sku: fc.constantFrom('SL-300', 'sl300', 'AB_12', '408-555-1212'),
    tags: fc.array(fc.constantFrom('Leather', 'leather', 'travel', 'café', '東京'), { maxLength: 3 }),
    price: fc.integer({ min: 1, max: 500 }),
  },
  requiredFields: ['name'],
});

const INDEX = 'CREATE INDEX ix_name ON product(DISTINCT ARRAY t FOR t IN TOKENS(name, {"case": "lower", "specials": true}) END)';

describe('product catalogue (tokenql/testing example)', { timeout: 120_000 }, () => {
  let db: Database;
  beforeAll(async () => {
    db = await Database.open();
    await db.load('product', fc.sample(product, { numRuns: 60, seed: 1 }));
    await db.query(INDEX);
  });
  afterAll(() => db.close());

  it('the name index returns the same rows as a full scan', async () => {
    const targets = await indexTargets(db, 'product');
    expect(targets.map((t) => t.field)).toEqual(['`name`']);
    await fc.assert(indexMatchesScan(db, 'product', { targets, fields: ['name', 'sku', 'tags', 'price'] }), propertyParameters(100));
  });

  it('compaction never changes a result', async () => {
    const targets = await indexTargets(db, 'product');
    await fc.assert(compactionPreservesResults(db, 'product', { targets }), propertyParameters(20));
  });

  it('CONTAINS_TOKEN agrees with TOKENS on our documents', () => {
    fc.assert(containsIffInTokens({ values: product }), propertyParameters(200));
  });

  it('an index on our field is used exactly for equivalent options', async () => {
    await fc.assert(planUsesIndexIffOptionsEquivalent({ fields: ['name'], keyspace: 'product' }), propertyParameters(50));
  });
});
