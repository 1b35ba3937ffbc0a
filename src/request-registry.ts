import { randomUUID } from 'node:crypto';
import { ErrorCode, QueryError } from './errors/index.js';
import type { Value } from './values/index.js';

/**
 * The statements a database is running and the last ones it ran, for `system:active_requests`
 * and `system:completed_requests` (couchbase/query `server/system/active_requests`,
 * `completed_requests`): every `db.query` is registered with a request id and an
 * AbortController; `DELETE FROM system:active_requests WHERE requestId = …` aborts it.
 */

/** What a caller tells about a request (the query service: its client context id, user and address). */
export interface RequestInfo {
  /** The request id (the query service's `requestID`); a UUID is made when absent. */
  requestId?: string;
  clientContextId?: string;
  user?: string;
  remoteAddr?: string;
}

/** A running request. */
export interface ActiveRequest {
  requestId: string;
  statement: string;
  info: RequestInfo;
  /** Wall clock at the start (ms since the epoch) and the monotonic start (performance.now()). */
  startedAt: number;
  start: number;
  controller: AbortController;
}

/** The state a finished request is listed with (the reference's names). */
export type CompletedState = 'completed' | 'errors' | 'timeout' | 'stopped' | 'closed';

/** The error a request ends with when it is cancelled (client gone, DELETE FROM system:active_requests). */
export function cancelledError(): QueryError {
  return new QueryError({ code: ErrorCode.REQUEST_STOPPED, phase: 'execution', message: 'Request cancelled' });
}

/** A whole number of milliseconds as Go prints a duration: `200ms`, `1.5s`, `1m30s`, `2h0m0s`. */
export function goDurationMs(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(3))}s`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Number(((ms % 60_000) / 1000).toFixed(3));
  return `${h > 0 ? `${h}h` : ''}${m}m${s}s`;
}

/** The reference's 1080 "Timeout 200ms exceeded" (`timeout` given in ms, printed as a Go duration). */
export function timeoutError(ms: number): QueryError {
  return new QueryError({ code: ErrorCode.TIMEOUT, phase: 'execution', message: `Timeout ${goDurationMs(ms)} exceeded` });
}

/** The reference's 5500 "Request has exceeded memory quota". */
export function memoryQuotaError(): QueryError {
  return new QueryError({ code: ErrorCode.MEMORY_QUOTA, phase: 'execution', message: 'Request has exceeded memory quota' });
}

/**
 * Memory shared by all requests of a database (`--query-memory-quota`): the bytes requests hold
 * (materialised result rows and what the executor reports), against `limit` (0 = none).
 */
export class MemoryPool {
  used = 0;
  constructor(public limit = 0) {}
}

function goDuration(ms: number): string {
  if (ms < 1) return `${Number((ms * 1000).toFixed(3))}µs`;
  if (ms < 1000) return `${Number(ms.toFixed(3))}ms`;
  return `${Number((ms / 1000).toFixed(6))}s`;
}

/** Keeps the running requests and the last `completedLimit` finished ones. */
export class RequestRegistry {
  private readonly active = new Map<string, ActiveRequest>();
  private readonly completed: Value[] = [];

  /**
   * `completedLimit`: how many finished requests `system:completed_requests` keeps (the
   * reference's `completed-limit`, 4000). `completedThresholdMs`: only requests that ran at least
   * this long are kept (the reference's `completed-threshold`, whose default is 1000 ms; tokenql
   * keeps every request by default, docs/system-keyspaces.md).
   */
  constructor(
    readonly completedLimit = 4000,
    public completedThresholdMs = 0,
  ) {}

  /** Registers a running request; {@link finish} removes it. */
  start(statement: string, info: RequestInfo, controller: AbortController): ActiveRequest {
    const r: ActiveRequest = { requestId: info.requestId ?? randomUUID(), statement, info, startedAt: Date.now(), start: performance.now(), controller };
    this.active.set(r.requestId, r);
    return r;
  }

  /** Moves a request to the completed list with its outcome. */
  finish(r: ActiveRequest, outcome: { state: CompletedState; resultCount?: number; errorCount?: number; resultSize?: number }): void {
    this.active.delete(r.requestId);
    if (this.completedLimit <= 0 || performance.now() - r.start < this.completedThresholdMs) return;
    this.completed.push({
      ...this.common(r),
      state: outcome.state,
      resultCount: outcome.resultCount ?? 0,
      // Bytes of results sent: none from the embedded API (it hands values over, not JSON text).
      resultSize: outcome.resultSize ?? 0,
      errorCount: outcome.errorCount ?? 0,
    });
    if (this.completed.length > this.completedLimit) this.completed.splice(0, this.completed.length - this.completedLimit);
  }

  private common(r: ActiveRequest): Record<string, Value> {
    const row: Record<string, Value> = {
      requestId: r.requestId,
      requestTime: new Date(r.startedAt).toISOString(),
      elapsedTime: goDuration(performance.now() - r.start),
      statement: r.statement,
    };
    if (r.info.clientContextId !== undefined) row.clientContextID = r.info.clientContextId;
    if (r.info.user !== undefined) row.users = r.info.user;
    if (r.info.remoteAddr !== undefined) row.remoteAddr = r.info.remoteAddr;
    return row;
  }

  /** Rows of `system:active_requests`. */
  activeRows(): Value[] {
    return [...this.active.values()].map((r) => ({ ...this.common(r), state: 'running' }));
  }

  /** Rows of `system:completed_requests`, oldest first. */
  completedRows(): Value[] {
    return this.completed.slice();
  }

  /** Drops a finished request from the completed list (`DELETE FROM system:completed_requests`); false if none. */
  forget(requestId: string): boolean {
    const i = this.completed.findIndex((c) => (c as { requestId: string }).requestId === requestId);
    if (i < 0) return false;
    this.completed.splice(i, 1);
    return true;
  }

  /** Aborts a running request with {@link cancelledError}; false if no such request runs. */
  cancel(requestId: string): boolean {
    const r = this.active.get(requestId);
    if (!r) return false;
    r.controller.abort(cancelledError());
    return true;
  }

  /** The running request with this id. */
  get(requestId: string): ActiveRequest | undefined {
    return this.active.get(requestId);
  }
}
