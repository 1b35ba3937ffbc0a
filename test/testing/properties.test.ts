/**
 * The harness's ready-made properties hold on the engine, and its generators keep their
 * promises. Runs: TOKENQL_PROPERTY_RUNS (defaults below keep this file to a few seconds).
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import {
  compactionPreservesResults,
  documents,
  indexMatchesScan,
  indexTargets,
  mutationsKeepIndexesExact,
  optionsEquivalent,
  planUsesIndexIffOptionsEquivalent,
  propertyParameters,
  tokenIndexFor,
  tokenOptions,
} from '../../src/testing/index.js';

const TIMEOUT = { timeout: 600_000 };

async function productDb(path?: string): Promise<Database> {
  const db = await Database.open(path ? { path } : {});
  const docs = fc.sample(documents({ fields: ['title', 'tags'], depth: 2 }), { numRuns: 40, seed: 7 });
  await db.load('products', docs);
  await db.query('CREATE INDEX ix_title ON products(DISTINCT ARRAY v FOR v IN TOKENS(title, {"case": "lower"}) END)');
  await db.query('CREATE INDEX ix_tags ON products(DISTINCT TOKENS(tags))');
  return db;
}

describe('tokenql/testing properties', TIMEOUT, () => {
  it('planUsesIndexIffOptionsEquivalent holds', async () => {
    await fc.assert(planUsesIndexIffOptionsEquivalent(), propertyParameters(150));
  });

  it('mutationsKeepIndexesExact holds', async () => {
    await fc.assert(mutationsKeepIndexesExact({ maxCommands: 8 }), propertyParameters(40));
  });

  it('indexMatchesScan and compactionPreservesResults hold on a user-shaped keyspace', async () => {
    const db = await productDb();
    const targets = await indexTargets(db, 'products');
    expect(targets.map((t) => [t.field, t.options])).toEqual([
      ['`tags`', undefined],
      ['`title`', [['case', '"lower"']]],
    ]);
    await fc.assert(indexMatchesScan(db, 'products', { targets }), propertyParameters(150));
    await fc.assert(compactionPreservesResults(db, 'products', { targets }), propertyParameters(30));
    await db.close();
  });

  it('compactionPreservesResults holds on the durable file store, where compaction rewrites the files', TIMEOUT, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-harness-'));
    try {
      const db = await productDb(dir);
      // Leave stale records behind so that compaction has something to reclaim.
      await db.query('UPDATE products SET touched = true');
      await db.query('DELETE FROM products WHERE touched = true LIMIT 10');
      expect(db.bucketStats('products').data.fragmentedBytes).toBeGreaterThan(0);
      const targets = await indexTargets(db, 'products');
      await fc.assert(compactionPreservesResults(db, 'products', { targets }), propertyParameters(15));
      expect(db.bucketStats('products').data.fragmentationPercent).toBeLessThan(5);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('indexMatchesScan reports a wrong index result as a script', async () => {
    const db = await productDb();
    // A query whose rows differ between db and the index-free copy: db gains a document after the copy.
    const prop = indexMatchesScan(db, 'products', { queries: fc.constant({ statement: 'SELECT COUNT(*) AS c FROM products', ordered: false }) });
    await fc.assert(prop, { numRuns: 1 });
    await db.upsert('products', 'extra', { title: 'Extra' });
    const r = await fc.check(prop, { numRuns: 1 });
    expect(r.failed).toBe(true);
    expect(String(r.errorInstance)).toContain('INSERT INTO products (KEY, VALUE) VALUES ("extra", {"title":"Extra"});');
    expect(String(r.errorInstance)).toContain('CREATE INDEX ix_title ON products(');
    await db.close();
  });

  it('tokenIndexFor gives equivalent options when asked to match, non-equivalent ones otherwise', () => {
    fc.assert(
      fc.property(
        tokenOptions().chain((o) => fc.tuple(fc.constant(o), fc.boolean()).chain(([q, match]) => tokenIndexFor('name', q, { match }).map((ix) => ({ q, ix, match })))),
        ({ q, ix, match }) => optionsEquivalent(ix.options, q) === match,
      ),
      propertyParameters(300),
    );
  });
});
