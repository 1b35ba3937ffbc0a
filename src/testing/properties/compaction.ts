/**
 * Property `compactionPreservesResults(db, keyspace)`: compacting the keyspace's bucket
 * (`db.compactBucket(keyspace)`) never changes a query's result. Works on any Database: in
 * memory compaction is a no-op; on the file store it rewrites the data and index files.
 *
 *   fc.assert(compactionPreservesResults(db, 'products', { targets: await indexTargets(db, 'products') }), { numRuns: 20 })
 *
 * Each run: the query, a compaction, the query again; the outcomes must be the same.
 */
import fc from 'fast-check';
import type { Database } from '../../index.js';
import { outcome, sameOutcome, showOutcome } from '../compare.js';
import type { Query } from '../predicates.js';
import { CounterexampleError } from '../script.js';
import { keyspaceQueries, keyspaceScript, type IndexMatchesScanOptions } from './index-matches-scan.js';

/** A compaction between two runs of the same query changes nothing. */
export function compactionPreservesResults(db: Database, keyspace: string, o: IndexMatchesScanOptions = {}): fc.IAsyncProperty<[Query]> {
  return fc.asyncProperty(keyspaceQueries(db, keyspace, o), async (q) => {
    const before = await outcome(db, q.statement);
    await db.compactBucket(keyspace);
    const after = await outcome(db, q.statement);
    if (sameOutcome(before, after, q.ordered)) return;
    const script = await keyspaceScript(db, keyspace, 'compactionPreservesResults: run the query, compact the bucket, run it again', q.statement, 'differs after compaction');
    throw new CounterexampleError(`compaction changed\n  ${q.statement}\nbefore: ${showOutcome(before)}\nafter: ${showOutcome(after)}`, script);
  });
}
