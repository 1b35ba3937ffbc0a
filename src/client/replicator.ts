/**
 * The replicator (issue 5 §4): pull, push or both between a remote gateway database and one
 * keyspace of a local tokenql {@link Database}, once or continuously, with the status model of
 * Couchbase Lite (activity CONNECTING, BUSY, IDLE, OFFLINE, STOPPED; progress; last error) and
 * its error rule (gateway-client.md §4): transient failures (network, 408, 429, 502, 503, 504)
 * are retried with backoff, while 401, 403 and any other 5xx stop the replicator for good with
 * `status.error` (seed area A, session expiry).
 */
import type { Database } from '../index.js';
import type { Authenticator } from './authenticators.js';
import { Checkpoint } from './checkpoint.js';
import { GatewayHttp, HttpError, httpUrl, StoppedError, sleep, type ReplicatorErrorInfo, type RetryOptions } from './http.js';
import { LocalSide } from './local.js';
import { Puller } from './pull.js';
import { Pusher } from './push.js';

export type ReplicatorType = 'pull' | 'push' | 'pushAndPull';
export type ActivityLevel = 'CONNECTING' | 'BUSY' | 'IDLE' | 'OFFLINE' | 'STOPPED';

/** A snapshot of the replicator's state. */
export interface ReplicatorStatus {
  activity: ActivityLevel;
  /** Changes handled and changes found so far (both sides together). */
  progress: { completed: number; total: number };
  /** Why the replicator stopped, e.g. `{ status: 401, message: 'Unauthorized' }`. */
  error?: ReplicatorErrorInfo;
}

/** Documents written locally by a pull or sent by a push. */
export interface DocumentReplication {
  direction: 'pull' | 'push';
  ids: string[];
}

/** The replicator's configuration. */
export interface ReplicatorConfig {
  /** The remote database, `http(s)://host:port/{db}` (`ws(s)://` is accepted and mapped). */
  url: string;
  /** The local database. */
  database: Database;
  authenticator?: Authenticator;
  /** Default `pushAndPull`. */
  type?: ReplicatorType;
  /** Keep running and replicate later changes (default false: stop when caught up). */
  continuous?: boolean;
  /** The local keyspace of the documents (default: the remote database name). */
  keyspace?: string;
  /** The local keyspace of revision records and the client id (default `_replicator_revs`). */
  revsKeyspace?: string;
  /** Backoff (defaults: 1 s doubling to 60 s; 10 attempts, unlimited when continuous). */
  retry?: RetryOptions;
  /** The `timeout` of a longpoll `_changes` request (default 30,000 ms). */
  longpollTimeoutMs?: number;
  /** How often a continuous push looks for local changes (default 250 ms). */
  pushIntervalMs?: number;
  /** Changes per `_changes`, `_bulk_get` and `_bulk_docs` request (default 200). */
  batchSize?: number;
}

/** Replicates between a remote gateway database and a local tokenql keyspace. */
export class Replicator {
  private current: ReplicatorStatus = { activity: 'STOPPED', progress: { completed: 0, total: 0 } };
  private readonly listeners = new Set<(status: ReplicatorStatus) => void>();
  private readonly docListeners = new Set<(change: DocumentReplication) => void>();
  private abort: AbortController | undefined;
  private running: Promise<void> | undefined;
  private busyCount = 0;
  private caughtUp = false;
  readonly url: string;

  constructor(readonly config: ReplicatorConfig) {
    this.url = httpUrl(config.url);
  }

  /** The current status (a copy). */
  get status(): ReplicatorStatus {
    return structuredClone(this.current);
  }

  /** Calls `listener` on every status change; returns a function that removes it. */
  addChangeListener(listener: (status: ReplicatorStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` with the ids of documents pulled into or pushed from the local keyspace. */
  addDocumentListener(listener: (change: DocumentReplication) => void): () => void {
    this.docListeners.add(listener);
    return () => this.docListeners.delete(listener);
  }

  /** Starts replicating (a no-op while running). Await {@link whenStopped} for the end. */
  start(): void {
    if (this.running) return;
    this.abort = new AbortController();
    this.current = { activity: 'CONNECTING', progress: { completed: 0, total: 0 } };
    this.busyCount = 0;
    this.caughtUp = false;
    this.emit();
    this.running = this.run(this.abort.signal).finally(() => (this.running = undefined));
  }

  /** Stops replicating; resolves when stopped. */
  async stop(): Promise<void> {
    this.abort?.abort();
    await this.running;
  }

  /** Resolves with the final status once the replicator is STOPPED. */
  async whenStopped(): Promise<ReplicatorStatus> {
    await this.running;
    return this.status;
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { database, type = 'pushAndPull', continuous = false } = this.config;
    const retry = { ...this.config.retry, maxAttempts: this.config.retry?.maxAttempts ?? (continuous ? Infinity : 10) };
    const http = new GatewayHttp(this.url, this.config.authenticator, retry, {
      signal,
      onRetry: () => this.set({ activity: 'OFFLINE' }),
      onRecovered: () => this.set({ activity: this.activeLevel() }),
    });
    const keyspace = this.config.keyspace ?? decodeURIComponent(new URL(this.url).pathname.split('/').filter(Boolean).pop() ?? 'remote');
    const local = new LocalSide(database, keyspace, this.config.revsKeyspace ?? '_replicator_revs');
    const batch = this.config.batchSize ?? 200;
    const hooks = {
      busy: (on: boolean) => {
        this.busyCount += on ? 1 : -1;
        this.set({ activity: this.activeLevel() });
      },
      progress: (completed: number, total: number) => {
        const p = this.current.progress;
        this.set({ progress: { completed: p.completed + completed, total: p.total + total } });
      },
      documents: (direction: 'pull' | 'push', ids: string[]) => {
        for (const l of this.docListeners) l({ direction, ids });
      },
    };
    try {
      await http.ok('GET', '/');
      const checkpoint = new Checkpoint(http, Checkpoint.idOf(await local.clientId(), this.url, keyspace, type));
      const puller = type === 'push' ? undefined : new Puller(http, local, checkpoint, hooks, batch);
      const pusher = type === 'pull' ? undefined : new Pusher(http, local, hooks, batch);
      this.set({ activity: 'BUSY' });
      await puller?.init();
      await puller?.catchUp();
      await pusher?.pushPending();
      this.caughtUp = true;
      if (!continuous) return this.set({ activity: 'STOPPED' });
      this.set({ activity: this.activeLevel() });
      const loops: Promise<void>[] = [];
      const longpoll = this.config.longpollTimeoutMs ?? 30_000;
      if (puller) loops.push((async () => { for (;;) await puller.longpoll(longpoll); })());
      if (pusher) loops.push((async () => { for (;;) { await sleep(this.config.pushIntervalMs ?? 250, signal); await pusher.pushPending(); } })());
      await Promise.all(loops);
    } catch (e) {
      this.abort?.abort();
      if (e instanceof StoppedError || signal.aborted && !(e instanceof HttpError)) return this.set({ activity: 'STOPPED' });
      const error = e instanceof HttpError ? e.info() : { status: 0, message: (e as Error).message };
      this.set({ activity: 'STOPPED', error });
    }
  }

  private activeLevel(): ActivityLevel {
    if (this.busyCount > 0) return 'BUSY';
    return this.caughtUp ? 'IDLE' : this.current.activity === 'OFFLINE' ? 'BUSY' : this.current.activity;
  }

  private set(change: Partial<ReplicatorStatus>): void {
    const next = { ...this.current, ...change };
    if (next.activity === this.current.activity && next.progress === this.current.progress && next.error === this.current.error) return;
    this.current = next;
    this.emit();
  }

  private emit(): void {
    const snapshot = this.status;
    for (const l of this.listeners) l(snapshot);
  }
}
