/**
 * Running compactions, as `GET /pools/default/tasks` shows them (spec compaction-reference §2.1):
 * one manual and one automatic compaction at most per bucket, each with its progress and an
 * AbortController; only manual ones get a `cancelURI`.
 */

export type TaskKind = 'manual' | 'auto';

/** The work of a task: honour the signal, report progress 0–100. */
export type TaskBody = (signal: AbortSignal, progress: (percent: number) => void) => Promise<void>;

interface Task {
  bucket: string;
  kind: TaskKind;
  progress: number;
  controller: AbortController;
  done: Promise<void>;
}

export class TaskRegistry {
  private readonly tasks = new Map<string, Task>();

  constructor(private readonly log: (line: string) => void = () => {}) {}

  private static key(bucket: string, kind: TaskKind): string {
    return `${kind}\0${bucket}`;
  }

  /** True if a compaction of this kind (any kind if omitted) runs on the bucket. */
  running(bucket: string, kind?: TaskKind): boolean {
    if (kind) return this.tasks.has(TaskRegistry.key(bucket, kind));
    return this.running(bucket, 'manual') || this.running(bucket, 'auto');
  }

  /**
   * Starts a task unless one of the same kind runs on the bucket; returns its completion
   * promise (which never rejects: failures are logged), or undefined if one was running.
   */
  start(bucket: string, kind: TaskKind, body: TaskBody): Promise<void> | undefined {
    const key = TaskRegistry.key(bucket, kind);
    if (this.tasks.has(key)) return undefined;
    const controller = new AbortController();
    const task: Task = { bucket, kind, progress: 0, controller, done: Promise.resolve() };
    this.tasks.set(key, task);
    task.done = (async () => {
      try {
        await body(controller.signal, (p) => {
          task.progress = Math.max(task.progress, Math.min(100, Math.round(p)));
        });
      } catch (err) {
        this.log(`${kind} compaction of bucket \`${bucket}\` failed: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        this.tasks.delete(key);
      }
    })();
    return task.done;
  }

  /** Aborts the task of that kind on the bucket; false if none ran. */
  cancel(bucket: string, kind: TaskKind): boolean {
    const task = this.tasks.get(TaskRegistry.key(bucket, kind));
    task?.controller.abort();
    return task !== undefined;
  }

  /** Aborts every task (all kinds, all buckets, or one bucket) and waits for them to end. */
  async cancelAll(bucket?: string): Promise<void> {
    const tasks = [...this.tasks.values()].filter((t) => bucket === undefined || t.bucket === bucket);
    for (const t of tasks) t.controller.abort();
    await Promise.all(tasks.map((t) => t.done));
  }

  /** The tasks in the shape of `GET /pools/default/tasks`. */
  list(): Record<string, unknown>[] {
    return [...this.tasks.values()].map((t) => {
      const out: Record<string, unknown> = {
        type: 'bucket_compaction',
        status: 'running',
        bucket: t.bucket,
        progress: t.progress,
        changesDone: t.progress,
        totalChanges: 100,
        recommendedRefreshPeriod: 2.0,
      };
      if (t.kind === 'manual') out.cancelURI = `/pools/default/buckets/${encodeURIComponent(t.bucket)}/controller/cancelBucketCompaction`;
      return out;
    });
  }
}
