/**
 * The push side: the local side's pending revisions (local.ts `pending`), `_revs_diff` to skip
 * what the remote has, then `_bulk_docs` with `new_edits:false` (the remote keeps our revision
 * ids and histories), in batches.
 */
import type { GatewayHttp } from './http.js';
import type { LocalSide, WireDoc } from './local.js';

/** What the push side reports to the replicator. */
export interface PushHooks {
  busy(on: boolean): void;
  progress(completed: number, total: number): void;
  documents(direction: 'push', ids: string[]): void;
}

/** Pushes one local keyspace to one remote database. */
export class Pusher {
  constructor(
    private readonly http: GatewayHttp,
    private readonly local: LocalSide,
    private readonly hooks: PushHooks,
    private readonly batchSize: number,
  ) {}

  /** Pushes every pending local change; returns how many revisions were sent. */
  async pushPending(): Promise<number> {
    const pending = await this.local.pending();
    if (pending.length === 0) return 0;
    this.hooks.busy(true);
    let sent = 0;
    try {
      this.hooks.progress(0, pending.length);
      for (let i = 0; i < pending.length; i += this.batchSize) {
        const batch = pending.slice(i, i + this.batchSize);
        sent += await this.pushBatch(batch);
        this.hooks.progress(batch.length, 0);
      }
    } finally {
      this.hooks.busy(false);
    }
    return sent;
  }

  private async pushBatch(batch: WireDoc[]): Promise<number> {
    const query: Record<string, string[]> = {};
    for (const d of batch) query[d._id] = [d._rev];
    const diff = ((await this.http.ok('POST', '/_revs_diff', query)) ?? {}) as Record<string, { missing?: string[] }>;
    const missing = batch.filter((d) => diff[d._id]?.missing?.includes(d._rev));
    let failed = new Set<string>();
    if (missing.length > 0) {
      const results = (await this.http.ok('POST', '/_bulk_docs', { docs: missing, new_edits: false })) as { id: string; error?: string }[] | undefined;
      failed = new Set((results ?? []).filter((r) => r.error !== undefined).map((r) => r.id));
    }
    // Revisions the remote had already, and those it took, are in sync; failed ones stay pending.
    for (const d of batch) if (!failed.has(d._id)) await this.local.markSynced(d._id, d._rev);
    const pushed = missing.filter((d) => !failed.has(d._id)).map((d) => d._id);
    if (pushed.length > 0) this.hooks.documents('push', pushed);
    return pushed.length;
  }
}
