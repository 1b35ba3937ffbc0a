/**
 * The auto-compaction daemon (spec compaction-reference §5): every check interval it walks the
 * buckets one after the other and, for each persistent couchstore bucket, applies the plan of
 * scheduler.ts to its effective settings (bucket overrides global). A compaction running past a
 * window with `abortOutside` is cancelled; a settings change cancels the bucket's running
 * automatic compaction so the next iteration starts again with the new settings. The clock is
 * injected so tests need not wait for real time.
 */
import type { Database } from '../../index.js';
import { runCompaction } from './compaction.js';
import { mustAbort, nextRunDelay, planBucket, type BucketPlan } from './scheduler.js';
import { effectiveSettings } from './settings.js';
import type { ClusterState } from './state.js';
import type { TaskRegistry } from './tasks.js';

export interface DaemonOptions {
  db: Database;
  state: ClusterState;
  tasks: TaskRegistry;
  /** Local time source (default `new Date()`). */
  clock?: () => Date;
  /** Seconds between the starts of two iterations (default 30). */
  checkIntervalSeconds?: number;
  log?: (line: string) => void;
}

export class CompactionDaemon {
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private closing = false;
  private current: Promise<void> | undefined;
  private readonly clock: () => Date;
  private readonly intervalMs: number;

  constructor(private readonly options: DaemonOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.intervalMs = Math.max(1, (options.checkIntervalSeconds ?? 30) * 1000);
  }

  /** Starts the loop; the first iteration runs after one interval. */
  start(): void {
    this.stopped = false;
    this.schedule(this.intervalMs);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const started = Date.now();
      this.current = this.runOnce().finally(() => this.schedule(nextRunDelay(started, Date.now(), this.intervalMs)));
    }, delayMs);
    this.timer.unref();
  }

  /** Stops the loop, cancels running automatic compactions and waits for the iteration to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    clearTimeout(this.timer);
    for (const b of this.options.state.bucketNames()) this.options.tasks.cancel(b, 'auto');
    await this.current;
  }

  /** Cancels the running automatic compaction of one bucket (or of all) after a settings change. */
  settingsChanged(bucket?: string): void {
    const names = bucket === undefined ? this.options.state.bucketNames() : [bucket];
    for (const b of names) this.options.tasks.cancel(b, 'auto');
  }

  /** One iteration over every bucket; resolves when it is done. */
  async runOnce(): Promise<void> {
    for (const name of this.options.state.bucketNames()) {
      if (this.closing) return;
      await this.compactIfNeeded(name);
    }
  }

  /** The plan for one bucket now, or undefined if the daemon leaves the bucket alone. */
  plan(name: string): BucketPlan | undefined {
    const { state, db, tasks } = this.options;
    const meta = state.bucket(name);
    if (!meta || meta.bucketType === 'ephemeral' || meta.storageBackend === 'magma') return undefined;
    if (tasks.running(name)) return undefined;
    return planBucket(effectiveSettings(state.global(), meta), db.bucketStats(name), this.clock());
  }

  private async compactIfNeeded(name: string): Promise<void> {
    const plan = this.plan(name);
    if (!plan || plan.skipped || (!plan.data && plan.views.length === 0)) return;
    const { state, db, tasks, log } = this.options;
    const watchMs = Math.min(this.intervalMs, 1000);
    const done = tasks.start(name, 'auto', async (signal, progress) => {
      const controller = new AbortController();
      const forward = (): void => controller.abort();
      signal.addEventListener('abort', forward);
      const check = (): void => {
        const meta = state.bucket(name);
        if (!meta) return controller.abort();
        if (mustAbort(effectiveSettings(state.global(), meta).allowedTimePeriod, this.clock())) {
          log?.(`Auto-compaction of bucket \`${name}\` stopped: outside the allowed time period`);
          controller.abort();
        }
      };
      const watcher = setInterval(check, watchMs);
      try {
        const job = { ...plan, indexFragmentationPercent: state.global().index.indexFragmentationThreshold.percentage };
        await runCompaction(db, name, job, controller.signal, (p) => {
          check();
          progress(p);
        });
      } finally {
        clearInterval(watcher);
        signal.removeEventListener('abort', forward);
      }
    });
    await done;
  }
}
