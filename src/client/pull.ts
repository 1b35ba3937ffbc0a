/**
 * The pull side: `_changes` (feed=normal to catch up, feed=longpoll when continuous) from the
 * checkpoint's sequence, `_bulk_get?revs=true` of the revisions the local side lacks, then the
 * checkpoint. The local side decides what to store (local.ts `applyRemote`).
 */
import type { Checkpoint } from './checkpoint.js';
import type { GatewayHttp } from './http.js';
import type { LocalSide, WireDoc } from './local.js';

/** What the pull side reports to the replicator. */
export interface PullHooks {
  busy(on: boolean): void;
  progress(completed: number, total: number): void;
  documents(direction: 'pull', ids: string[]): void;
}

interface ChangeRow {
  seq: unknown;
  id: string;
  changes?: { rev: string }[];
}

const seqParam = (seq: unknown): string => (typeof seq === 'string' || typeof seq === 'number' ? String(seq) : JSON.stringify(seq));

/** Pulls one remote database into one local keyspace. */
export class Puller {
  private since: unknown = 0;

  constructor(
    private readonly http: GatewayHttp,
    private readonly local: LocalSide,
    private readonly checkpoint: Checkpoint,
    private readonly hooks: PullHooks,
    private readonly batchSize: number,
  ) {}

  /** Reads the checkpoint. */
  async init(): Promise<void> {
    this.since = (await this.checkpoint.load()) ?? 0;
  }

  /** Pulls every change up to now. */
  async catchUp(): Promise<void> {
    while ((await this.fetch('normal')) >= this.batchSize);
  }

  /** Waits for changes with one longpoll request (the server answers after `timeoutMs` at the latest). */
  async longpoll(timeoutMs: number): Promise<void> {
    if ((await this.fetch('longpoll', `&timeout=${timeoutMs}`)) >= this.batchSize) await this.catchUp();
  }

  /** One `_changes` request from the checkpoint, applied; returns how many rows it had. */
  private async fetch(feed: 'normal' | 'longpoll', extra = ''): Promise<number> {
    // style=all_docs: every leaf of a changed document, the winner first (see `applyRemote`).
    const body = await this.http.ok('GET', `/_changes?since=${encodeURIComponent(seqParam(this.since))}&limit=${this.batchSize}&feed=${feed}&style=all_docs${extra}`);
    const rows = (body?.results ?? []) as ChangeRow[];
    await this.apply(rows, body?.last_seq);
    return rows.length;
  }

  private async apply(rows: ChangeRow[], lastSeq: unknown): Promise<void> {
    if (rows.length === 0) {
      if (lastSeq !== undefined) this.since = lastSeq;
      return;
    }
    this.hooks.busy(true);
    try {
      this.hooks.progress(0, rows.length);
      const wanted: { id: string; rev: string }[] = [];
      const leavesOf = new Map<string, string[]>();
      for (const row of rows) {
        const rev = row.changes?.[0]?.rev;
        leavesOf.set(row.id, (row.changes ?? []).map((c) => c.rev));
        if (rev !== undefined && this.local.record(row.id)?.rev !== rev) wanted.push({ id: row.id, rev });
      }
      const changed: string[] = [];
      if (wanted.length > 0) {
        const got = await this.http.ok('POST', '/_bulk_get?revs=true', { docs: wanted });
        for (const result of (got?.results ?? []) as { docs?: { ok?: WireDoc }[] }[]) {
          for (const entry of result.docs ?? []) if (entry.ok && (await this.local.applyRemote(entry.ok, leavesOf.get(entry.ok._id)))) changed.push(entry.ok._id);
        }
      }
      this.since = lastSeq ?? rows[rows.length - 1]!.seq;
      await this.checkpoint.save(this.since);
      this.hooks.progress(rows.length, 0);
      if (changed.length > 0) this.hooks.documents('pull', changed);
    } finally {
      this.hooks.busy(false);
    }
  }
}
