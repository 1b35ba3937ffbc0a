import type { RequestInfo } from './request-registry.js';
import type { PrivilegeNeed } from './ast/privileges.js';
import type { Value } from './values/index.js';

/** The types of a query's options and result (the engine's; re-exported by src/index.ts). */

/** Options of {@link Database.query}. */
export interface QueryOptions {
  /** Named parameters (`$name`, given without the `$`) or positional ones (`$1`, `?`) as an array. */
  params?: Record<string, Value> | Value[];
  /**
   * Positional parameters (`$1`, `?`) beside named ones in `params`, as the query service's
   * `args` beside its `$name` parameters (one statement may use both). When given, it wins
   * over an array `params`.
   */
  args?: Value[];
  /** Progress of long work a statement does: an index build (CREATE INDEX, BUILD INDEX). */
  onProgress?: (p: IndexBuildProgress) => void;
  /**
   * A counter the statement's scans (primary, index and key scans) add the documents or index
   * entries they read to, as they go: a caller may read it while the statement runs (the shell's
   * live line shows it). Not a reference parameter.
   */
  progress?: ScanProgress;
  /**
   * Hide internal keyspaces (names starting with `_`: users, sessions, settings) from the
   * statement, as servers do for their clients: they are "not found" and not listed.
   */
  restricted?: boolean;
  /**
   * Authorisation hook (servers): called after parsing, before planning, with the privileges the
   * statement needs ({@link PrivilegeNeed}: `query_select` on `default:b1` …); throwing (a
   * QueryError 13014) refuses the statement before it reads or writes anything. EXECUTE is
   * checked against the prepared statement's privileges.
   */
  authorize?: (needs: PrivilegeNeed[]) => void;
  /** Ends the statement with 1080 "Timeout …ms exceeded" after this many milliseconds (0 or absent: none). */
  timeoutMs?: number;
  /**
   * Ends the statement with 5500 "Request has exceeded memory quota" when the bytes it holds pass
   * this. Counted: materialised result rows (their JSON size) and what the executor's operators
   * report; see docs/security.md.
   */
  memoryQuotaBytes?: number;
  /** Who runs the statement, for `system:active_requests` / `system:completed_requests`. */
  request?: RequestInfo;
  /**
   * The users the request is authenticated as, as `system:my_user_info` shows them (the
   * reference's user records: `{id, domain, name, roles: [{role, bucket_name?}]}`); servers set it.
   */
  users?: Value[];
  /**
   * Cancels the statement: it stops at the next batch boundary (operators check between batches
   * and yield to the event loop at least every 20 ms of work) with QueryError 1080 ("Request
   * cancelled"; `AbortSignal.timeout(ms)` gives "Timeout exceeded"); a QueryError given as the
   * abort reason is raised as it is (`timeoutMs`, `system:active_requests`). A DML statement
   * keeps the writes done before it stopped.
   */
  signal?: AbortSignal;
  /**
   * `"phases"`: the result carries `profile` with the time of each phase (`phaseTimes`) and the
   * rows each kind of operator produced (`phaseCounts`, `phaseOperators`), as the reference's
   * `profile=phases` request parameter. `"timings"`: that, and `executionTimings`: the plan with
   * each operator's `#stats` (`#itemsIn`, `#itemsOut`, `execTime`), as `profile=timings`.
   * `"off"` (default): no profile.
   */
  profile?: 'off' | 'phases' | 'timings';
  /**
   * The reference's `preserve_expiry`: an UPDATE, an UPSERT of an existing key or a MERGE's update
   * that sets no expiration keeps the document's instead of clearing it (default false).
   */
  preserveExpiry?: boolean;
  /**
   * The reference's `use_cbo`: ADVISE answers as its cost-based optimizer does ("Index keys follow
   * cost-based order." and an `update_statistics` statement per index; docs/advisor.md).
   */
  useCbo?: boolean;
  /**
   * The reference's `durability_level` of the statement's writes. tokenql is one node: on a bucket
   * without replicas every level is met by the write itself (acknowledged on disk by the file
   * store); on one with replicas (`Database.bucketReplicas`) a level other than `none` cannot be
   * met and each write fails with 12009 … DURABILITY_IMPOSSIBLE (docs/merge.md).
   */
  durabilityLevel?: DurabilityLevel;
  /**
   * The transaction the statement belongs to: the `txid` that BEGIN WORK / START TRANSACTION
   * returned in its row (docs/transactions.md). The statement sees the transaction's writes and
   * its own writes stay in it until COMMIT. Unknown: 17004; expired: 17010.
   */
  txid?: string;
  /** Run the statement as a transaction of its own (`tximplicit`): committed if it succeeds, none of its writes otherwise. */
  tximplicit?: boolean;
  /** The transaction's timeout in milliseconds for BEGIN or `tximplicit` (`txtimeout`; default 15 s): past it the transaction is rolled back (17010). */
  txtimeoutMs?: number;
  /**
   * The query service's `query_context`, `default:bucket.scope`: an unqualified user-defined
   * function name resolves to the function of that scope when there is one (else the global one),
   * and CREATE / DROP / EXECUTE FUNCTION of an unqualified name work in that scope.
   */
  queryContext?: string;
}

/** The reference's durability levels (`durability_level`; "" is `none`). */
export type DurabilityLevel = 'none' | 'majority' | 'majorityAndPersistActive' | 'persistToMajority';

/** Progress of an index build: documents indexed so far of the keyspace's total. */
export interface IndexBuildProgress {
  index: string;
  keyspace: string;
  done: number;
  total: number;
}

/** Metrics of one statement, as the reference reports them (times in milliseconds). */
export interface QueryMetrics {
  /** Wall time from receiving the statement to the last row, in milliseconds. */
  elapsedTime: number;
  /** Time spent running the plan (not parsing nor planning it), in milliseconds. */
  executionTime: number;
  /** Number of result rows. */
  resultCount: number;
  /** Size of the results as JSON text, in bytes. */
  resultSize: number;
  /** DML: documents inserted, updated or deleted. */
  mutationCount?: number;
}

/** The result of {@link Database.query}. */
export interface QueryResult {
  /** The rows; a MISSING projection term is absent from its row. */
  results: Value[];
  metrics: QueryMetrics;
  /** Non-fatal problems, e.g. rows that could not be inserted. */
  warnings: { code: number; msg: string }[];
  /** With `profile: "phases"`: the phase times and per-operator counts (reference `profile=phases`). */
  profile?: QueryProfile;
}

/**
 * The reference's `profile=phases` section. Times are strings with units as the reference
 * prints durations (`"1.234ms"`). `phaseTimes`: `parse`, `semantic`, `plan`, `run`, and per
 * operator phase (`primaryScan`, `indexScan`, `fetch`, `filter`, `sort` …) the time rows spent
 * there are not measured (tokenql counts rows only); `phaseCounts`: rows each phase produced;
 * `phaseOperators`: operators run per phase.
 */
export interface QueryProfile {
  phaseTimes: Record<string, string>;
  phaseCounts: Record<string, number>;
  phaseOperators: Record<string, number>;
  /**
   * With `profile: "timings"`: the executed plan as EXPLAIN prints it, each operator that ran
   * with `#stats`: `#itemsIn` (rows read from its input; absent for scans), `#itemsOut`,
   * `execTime` (time in the operator itself, its inputs' excluded, as a Go duration) and
   * `#runs` when it ran more than once (a correlated subquery's operators).
   */
  executionTimings?: Value;
}


/** What {@link QueryOptions.progress} counts while a statement runs. */
export interface ScanProgress {
  /** Documents (primary and key scans) and index entries (index scans) read so far. */
  scanned: number;
}
