/**
 * Runs a bucket's compaction through the public API: the data file, then (or, with
 * `parallelDBAndViewCompaction`, at the same time) the index files of the chosen design
 * documents. Used by the manual `compactBucket` and by the daemon (spec §5, §6).
 */
import type { Database } from '../../index.js';

export interface CompactionJob {
  data: boolean;
  views: string[];
  parallel: boolean;
  purgeIntervalDays: number;
  /** The global `indexFragmentationThreshold` percentage (the PostgreSQL store's REINDEX threshold). */
  indexFragmentationPercent?: number;
}

/** Runs a job; progress is the mean of the parts. Stops early when the signal aborts. */
export async function runCompaction(db: Database, bucket: string, job: CompactionJob, signal: AbortSignal, progress: (p: number) => void): Promise<void> {
  const parts = (job.data ? 1 : 0) + job.views.length;
  if (parts === 0) return progress(100);
  const done = new Array<number>(parts).fill(0);
  const report = (i: number) => (p: number) => {
    done[i] = p;
    progress(done.reduce((a, b) => a + b, 0) / parts);
  };
  const options = (i: number) => ({ purgeIntervalDays: job.purgeIntervalDays, indexFragmentationPercent: job.indexFragmentationPercent, signal, onProgress: report(i) });
  const data = async (): Promise<void> => {
    if (job.data && !signal.aborted) await db.compactBucket(bucket, { ...options(0), views: false });
  };
  const views = async (): Promise<void> => {
    const first = job.data ? 1 : 0;
    for (const [k, ddoc] of job.views.entries()) {
      if (signal.aborted || db.count(bucket) === undefined) return;
      await db.compactViews(bucket, ddoc, options(first + k));
    }
  };
  if (job.parallel) await Promise.all([data(), views()]);
  else {
    await data();
    await views();
  }
}
