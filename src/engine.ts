import { randomUUID } from 'node:crypto';
import type { Expr, KeyspaceRef, Statement } from './ast/index.js';
import { printExpr, printStatement } from './ast/print.js';
import { isAggregateName, WINDOW_FUNCTIONS } from './eval/index.js';
import { lookupFunction } from './eval/functions/registry.js';
import { functionIdentity, functionRow, type FunctionCatalog } from './executor/udf/function-catalog.js';
import { calledFunctionNames, FunctionRuntime } from './executor/udf/function-runtime.js';
import type { FunctionServices } from './executor/udf/function-services.js';
import type { JavascriptEngine } from './executor/udf/javascript-engine.js';
import type { LibraryCatalog } from './executor/udf/library-catalog.js';
import { statementPrivileges } from './ast/privileges.js';
import { memoryQuotaError, type MemoryPool, type RequestRegistry } from './request-registry.js';
import { ErrorCode, notSupported, QueryError } from './errors/index.js';
import { compileStatement, runPlanSync } from './executor/run-statement.js';
import type { RunContext, SystemInfo } from './executor/runtime.js';
import { buildPlan, explainPlan, type Catalog, type StatementPlan } from './planner/index.js';
import { adviseStatement, buildAdvisePlan } from './planner/advisor/index.js';
import type { AdvisorSessions } from './advisor-sessions.js';
import { OperatorTimings } from './executor/operator-timings.js';
import { analyze } from './semantic/index.js';
import type { Sequences, Store } from './storage/index.js';
import { parseExpression, parseStatement } from './syntax/parse.js';
import { compileExpr, rootEnv } from './eval/index.js';
import type { StatementRunner } from './eval/functions/function-def.js';
import { deepFreeze, jsonSize, type ObjectValue, type Value } from './values/index.js';
import { bindKeyspaceParams } from './semantic/keyspace-params.js';
import type { QueryMetrics, QueryOptions, QueryProfile, QueryResult } from './query-types.js';
import type { BuildProgress } from './indexes/index-manager.js';
import type { IndexManager } from './indexes/index-manager.js';
import type { LRUCache } from 'lru-cache';
import { decodePlan, encodePlan, planIndexes } from './planner/plan-codec.js';
import type { TransactionControl } from './executor/runtime.js';
import { statementNotSupported, type Transaction } from './transactions/index.js';
import { authorizeOperator, keyspaceReferences, preparedName, preparedRow, recordUse, signatureOf, type PreparedStatement, type SharedPrepared } from './prepared-statements.js';
import { isSystemDelete, runSystemDelete } from './executor/system-delete.js';
import { constantValue, NOT_CONSTANT } from './eval/index.js';
import type { StatisticsDictionary } from './statistics-dictionary.js';
import { catalogAccess, updateStatistics, type CatalogSources, type DdlSources } from './catalog-access.js';
import { durabilityImpossible, type DurabilityLevelName } from './executor/durability.js';
import { groupInfoRows, runSecurityStatement, type PrincipalAdministration } from './security/index.js';

/**
 * Runs an index DDL statement and returns its result rows; `catalog` is the statement's own (a
 * restricted query sees no internal keyspace, so it can neither create nor drop indexes there).
 */
export type DdlHandler = (s: Statement, catalog: Catalog, onProgress?: BuildProgress) => Promise<Value[]>;

/** What the engine runs against. */
export interface EngineDeps {
  store: Store;
  system: SystemInfo;
  ddl: DdlHandler;
  indexes: IndexManager;
  /** Prepared statements by name: the text, the statement, and the encoded plan (LRU-cached). */
  prepared: LRUCache<string, PreparedStatement>;
  /** Where prepared statements are shared with the other query nodes of the database (PostgreSQL store); none: this process only. */
  sharedPrepared?: SharedPrepared;
  /** Parsed statements by text ({@link parseCached}). */
  statements: LRUCache<string, Statement>;
  /** The database's sequences (CREATE/ALTER/DROP SEQUENCE, NEXT/PREV VALUE FOR). */
  sequences?: Sequences;
  /** User-defined functions, JavaScript libraries, and the V8 isolates JavaScript functions run in. */
  functions: FunctionCatalog;
  libraries: LibraryCatalog;
  javascript: JavascriptEngine;
  /** Every user the server knows, as `system:user_info` rows (none in an embedded database). */
  userDirectory?: () => Value[];
  /** The optimizer statistics UPDATE STATISTICS / ANALYZE recorded (`system:dictionary`). */
  dictionary?: StatisticsDictionary;
  /** A bucket's settings, for EXTRACTDDL's `CREATE BUCKET … WITH {…}` (a server's; none: no WITH). */
  bucketSettings?: (bucket: string) => Record<string, Value> | undefined;
  /** A bucket's number of replicas (none: 0), which durability levels need nodes for (executor/durability.ts). */
  bucketReplicas?: (bucket: string) => number | undefined;
  /** EXTRACTDDL's statements for the objects other parts own (sequences, functions). */
  ddlSources?: DdlSources;
  /** Users, groups and their roles (CREATE/ALTER/DROP USER|GROUP, GRANT, REVOKE; `system:group_info`). */
  principals?: PrincipalAdministration;
}

/** Statement texts longer than this (an INSERT with its documents inline) are parsed each time. */
const MAX_CACHED_TEXT = 4096;

/**
 * `parseStatement(text)`, from `deps.statements` when the same text was parsed before: a
 * statement run again (a REPL's or an application's repeated query, an index built again) skips
 * lexing and parsing, 0.05–0.1 ms of a CREATE INDEX or an indexed lookup (measured on Node 20).
 * A cached statement is deep-frozen, so no later phase can change what the next run gets; a
 * syntax error is raised each time and not cached.
 */
export function parseCached(text: string, deps: EngineDeps): Statement {
  const cache = deps.statements;
  if (text.length > MAX_CACHED_TEXT) return parseStatement(text);
  let statement = cache.get(text);
  if (statement === undefined) {
    statement = deepFreeze(parseStatement(text) as unknown as Value) as unknown as Statement;
    cache.set(text, statement);
  }
  return statement;
}

export type { PreparedStatement } from './prepared-statements.js';

/**
 * The key of a prepared statement in `EngineDeps.prepared`: restricted callers (servers' clients)
 * have names of their own, so that they can neither EXECUTE a plan prepared with the internal
 * keyspaces in view nor replace one an unrestricted caller prepared under the same name.
 */
const RESTRICTED = '\u0000restricted\u0000';
function preparedKey(name: string, restricted: boolean | undefined): string {
  return restricted ? `${RESTRICTED}${name}` : name;
}

/** Statement parameters, already split into named (without `$`) and positional. */
export interface EngineParams {
  named: Record<string, Value>;
  positional: Value[];
  /** Progress of an index build the statement starts. */
  onProgress?: QueryOptions['onProgress'];
  /** Counts what the statement's scans read, as they go. */
  progress?: QueryOptions['progress'];
  /** Internal keyspaces (names starting with `_`) do not exist for this statement. */
  restricted?: boolean;
  /** Cancels the statement (QueryError 1080, or the abort reason when it is a QueryError). */
  signal?: AbortSignal;
  /** `"phases"`: report phase times and per-operator counts. */
  profile?: QueryOptions['profile'];
  /** Called with the privileges the statement needs before it is planned; raises to refuse it. */
  authorize?: QueryOptions['authorize'];
  /** Bytes the statement may hold (result rows, sorted rows): past it, 5500. */
  memoryQuotaBytes?: number;
  /** Memory shared by every statement of the database (`limit` 0 = none). */
  memoryPool?: MemoryPool;
  /** The database's requests, for `system:active_requests` / `system:completed_requests`. */
  requests?: RequestRegistry;
  /** The database's index advisor sessions (ADVISOR's object form, `system:tasks_cache`). */
  advisorSessions?: AdvisorSessions;
  /** `preserve_expiry`: writes that set no expiration keep the document's. */
  preserveExpiry?: boolean;
  /** `use_cbo`: ADVISE answers as the reference's cost-based optimizer does. */
  useCbo?: boolean;
  /** `durability_level` of the statement's writes (executor/durability.ts). */
  durabilityLevel?: DurabilityLevelName;
  /** The transaction the request's `txid` names: the statement reads and writes its view (docs/transactions.md). */
  transaction?: Transaction;
  /** The request's transaction is its own (`tximplicit`): only DML and queries may run in it. */
  implicit?: boolean;
  /** What the transaction statements (BEGIN, COMMIT …) do for this request. */
  transactions?: TransactionControl;
  /** `default:bucket.scope` where unqualified function names resolve first (the query service's `query_context`). */
  queryContext?: string;
  /** How deep in user-defined function calls the statement runs (a JavaScript function's N1QL()). */
  functionDepth?: number;
  /** The users the request is authenticated as (`system:my_user_info` rows). */
  users?: Value[];
}

/** The statements a transaction runs (couchbase/query `transactions/base.go` IsValidStatement); the transaction statements are checked when they run. */
const IN_TRANSACTION = new Set<string>(['Select', 'Insert', 'Update', 'Delete', 'Merge', 'Execute', 'Prepare', 'ExecuteFunction', 'ExplainFunction']);
const TRANSACTION_STATEMENTS = new Set<string>(['StartTransaction', 'CommitTransaction', 'RollbackTransaction', 'Savepoint', 'TransactionIsolation']);

/** The reference's name of a statement's type (`CreateIndex` → `CREATE_INDEX`, `BuildIndex` → `BUILD_INDEX`). */
const statementType = (kind: string): string => kind.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

/**
 * 17002 for a statement that cannot run in the request's transaction: anything but queries, DML,
 * PREPARE/EXECUTE and the transaction statements inside one ("… within the transaction"), or in
 * a tximplicit one ("… in implicit transaction"). EXPLAIN is checked on the statement it explains.
 */
function checkTransactionStatement(statement: Statement, params: EngineParams): void {
  if (!params.transaction) return;
  const s = statement.kind === 'Explain' ? statement.statement : statement;
  if (IN_TRANSACTION.has(s.kind) || TRANSACTION_STATEMENTS.has(s.kind)) return;
  throw statementNotSupported(statementType(s.kind), params.implicit ? 'implicit' : true);
}

/**
 * Accounts the bytes a statement holds against its quota and the database's pool (the
 * executor's `rc.memory`); `release` gives them back when the statement ends.
 */
class MemoryAccount {
  held = 0;
  constructor(
    private readonly quota: number,
    private readonly pool: MemoryPool | undefined,
  ) {}
  get active(): boolean {
    return this.quota > 0 || (this.pool?.limit ?? 0) > 0;
  }
  add(bytes: number): void {
    this.held += bytes;
    if (this.pool) this.pool.used += bytes;
    if ((this.quota > 0 && this.held > this.quota) || (this.pool && this.pool.limit > 0 && this.pool.used > this.pool.limit)) throw memoryQuotaError();
  }
  release(): void {
    if (this.pool) this.pool.used -= this.held;
    this.held = 0;
  }
}

/** The plan of a statement: the prepared one for EXECUTE (re-planned if an index it scans changed), else planned now. */
function planOf(statement: Statement, catalog: Catalog, deps: EngineDeps, restricted: boolean | undefined): StatementPlan {
  if (statement.kind !== 'Execute') return buildPlan(statement, catalog);
  const p = deps.prepared.get(preparedKey(statement.name, restricted));
  if (!p) throw new QueryError({ code: ErrorCode.NO_SUCH_PREPARED, phase: 'service', message: `No such prepared statement: ${statement.name}`, position: statement.loc });
  // The cached plan runs as long as every index it scans is online and is still the index it
  // was planned on (the id, not only the name: an index dropped and created again under the
  // same name may have other keys); otherwise re-plan.
  const current = [...planIndexes(p.plan).values()].every(
    (s) => deps.indexes.info(s.keyspace, s.index)?.id === s.indexId && deps.indexes.tree(s.keyspace, s.index) !== undefined,
  );
  if (!current) {
    p.plan = buildPlan(p.statement, catalog);
    p.encodedPlan = encodePlan(p.plan);
  }
  return p.plan;
}

/**
 * The whole pipeline for one statement: parse → semantic → plan → run (see
 * {@link executeStatement}), timing each phase. Raises QueryError of the failing phase; a DML statement
 * whose rows partly failed raises after writing the others.
 */
export async function execute(text: string, params: EngineParams, deps: EngineDeps): Promise<QueryResult> {
  const memory = new MemoryAccount(params.memoryQuotaBytes ?? 0, params.memoryPool);
  try {
    return await executeStatement(text, params, deps, memory);
  } catch (err) {
    throw withStatement(internalError(err), text);
  } finally {
    memory.release();
  }
}

/**
 * Any non-QueryError thrown inside the engine (a RangeError from a too deep value, a bug) is
 * an internal error 5000 whose message names its kind only: no stack, no internals in the answer.
 * The original is kept as `cause` for the server's log.
 */
export function internalError(err: unknown): unknown {
  if (err instanceof QueryError) return err;
  const kind = err instanceof Error ? err.name : typeof err;
  const why = err instanceof RangeError ? 'a value or statement is nested or sized beyond what tokenql supports' : 'unexpected error';
  return new QueryError({ code: ErrorCode.INTERNAL, phase: 'execution', message: `Internal error (${kind}): ${why}`, cause: err });
}

/** Attaches the statement text to a positioned error, so `format()` can show the caret. */
function withStatement(err: unknown, text: string): unknown {
  if (!(err instanceof QueryError) || err.line === undefined || err.statement !== undefined) return err;
  return new QueryError({
    code: err.code,
    phase: err.phase,
    message: err.message,
    position: { line: err.line, column: err.column!, offset: err.offset ?? 0, length: err.length },
    statement: text,
    expected: err.expected,
    cause: err.cause,
  });
}

/** The text of the statement after `ADVISE` (the answer's `query`). */
const adviseQueryText = (text: string): string => text.trim().replace(/^advise\s+/i, '');

/** The plan a statement would run with (ADVISE's `current_indexes`); undefined where it cannot be planned (a keyspace that does not exist). */
function ownPlan(s: Statement, catalog: Catalog): StatementPlan | undefined {
  try {
    return buildPlan(s, catalog);
  } catch {
    return undefined;
  }
}

/** EXPLAIN's `text`: the explained statement without the EXPLAIN word and the final `;`, as the reference answers (`explain   select 1` → `select 1`). */
const explainedText = (text: string): string => text.trim().replace(/^explain\s+/i, '').replace(/\s*;\s*$/, '');

/** Milliseconds as the reference prints a duration (`"1.234ms"`). */
const duration = (ms: number): string => `${ms.toFixed(3)}ms`;

/**
 * parse → semantic → plan → run, each phase timed. EXPLAIN and PREPARE stop after planning
 * (their row is the plan); EXECUTE takes its plan from the prepared statement.
 */
async function executeStatement(text: string, params: EngineParams, deps: EngineDeps, memory: MemoryAccount): Promise<QueryResult> {
  const t0 = performance.now();
  const warnings: { code: number; msg: string }[] = [];
  const rc = runContext(params, deps, warnings);
  if (memory.active) rc.memory = memory;
  const catalog: Catalog = { ...catalogOf(params, deps), warn: (m) => rc.warn(m) };

  let statement = parseCached(text, deps); //                          parse
  if (statement.kind === 'Execute') restorePrepared(statement.name, params, deps);
  // A keyspace named by a parameter (`FROM $1 AS d USE KEYS …`) is bound to its value first.
  if (text.includes('$')) statement = bindKeyspaceParams(statement, params, (n) => catalog.hasKeyspace(n));
  const t1 = performance.now();
  authorize(statement, params, deps);
  checkFunctionNames(statement, rc, text);
  refuseAdministration(statement, deps);
  if (statement.kind === 'Security') {
    checkTransactionStatement(statement, params);
    const visible = keyspaceVisible(params);
    const authorizeAdmin = params.authorize ? () => params.authorize!([{ privilege: 'security_admin_write', keyspace: '' }]) : undefined;
    await runSecurityStatement(statement, { principals: deps.principals!, keyspaceNames: () => deps.store.keyspaceNames().filter(visible), warn: rc.warn, ...(authorizeAdmin ? { authorizeAdmin } : {}) });
    const t = performance.now() - t0;
    return { results: [], metrics: { elapsedTime: t, executionTime: t, resultCount: 0, resultSize: 0 }, warnings };
  }
  if (isSystemDelete(statement)) {
    const out = await runSystemDelete(statement, catalog, rc, {
      requests: params.requests,
      prepared: {
        remove: (name: string) => {
          deps.sharedPrepared?.remove(name, params.restricted === true);
          return deps.prepared.delete(preparedKey(name, params.restricted));
        },
      },
    });
    const t = performance.now() - t0;
    return { results: [], metrics: { elapsedTime: t, executionTime: t, resultCount: 0, resultSize: 0, mutationCount: out.mutationCount }, warnings };
  }
  if (statement.kind === 'UpdateStatistics') {
    updateStatistics(statement, catalogSources(params, deps), deps.dictionary);
    const t = performance.now() - t0;
    return { results: [], metrics: { elapsedTime: t, executionTime: t, resultCount: 0, resultSize: 0 }, warnings };
  }
  if (statement.kind === 'Execute' && statement.using) useArguments(statement.using, rc);
  const inner = statement.kind === 'Explain' || statement.kind === 'Prepare' || statement.kind === 'Advise' ? statement.statement : statement;
  checkTransactionStatement(statement, params);
  if (inner.kind !== 'Execute') analyze(inner); //             semantic
  const t2 = performance.now();
  // ADVISE plans the advice, not the statement (its keyspaces need not exist).
  const plan = statement.kind === 'Advise' ? buildAdvisePlan(inner, adviseQueryText(text), params.useCbo === true, { plan: ownPlan(inner, catalog), catalog }) : planOf(inner, catalog, deps, params.restricted); // plan
  // An EXECUTE counts as a use of its statement from its start (`system:prepareds` read by it shows it).
  const executed = statement.kind === 'Execute' ? deps.prepared.get(preparedKey(statement.name, params.restricted)) : undefined;
  if (executed) executed.uses++;
  const t3 = performance.now();
  let out: { results: Value[]; mutationCount?: number };
  if (statement.kind === 'Explain') {
    out = { results: [explainPlan(plan, explainedText(text))] };
  } else if (statement.kind === 'Prepare') {
    out = { results: [prepare(statement, text, plan, params, deps)] };
  } else {
    // A statement of a transaction that fails leaves none of its writes in the transaction.
    const tx = params.transaction;
    const mark = tx?.mark();
    try {
      out = await compileStatement(plan).run(rc); //                     run
    } catch (e) {
      if (tx && !tx.ended) tx.rollbackTo(mark!);
      throw e;
    }
  }
  const t4 = performance.now();
  if (executed) recordUse(executed, t4 - t0);

  const results = out.results;
  const metrics: QueryMetrics = {
    elapsedTime: t4 - t0,
    executionTime: t4 - t3,
    resultCount: results.length,
    resultSize: 0,
    ...(out.mutationCount !== undefined ? { mutationCount: out.mutationCount } : {}),
  };
  // Serialising every row only to measure it is costly on large results: measured when read.
  let size: number | undefined;
  Object.defineProperty(metrics, 'resultSize', {
    enumerable: true,
    get: () => (size ??= results.reduce<number>((n, r) => n + jsonSize(r), 0)),
  });
  const result: QueryResult = { results, metrics, warnings };
  if (rc.profile) {
    result.profile = profileOf(rc.profile, { parse: t1 - t0, semantic: t2 - t1, plan: t3 - t2, run: t4 - t3 });
    if (rc.timings) {
      // The plan, and the expression subqueries' plans (with their runs) under `~subqueries`.
      const e = explainPlan(plan, undefined, timingStats(rc.timings));
      result.profile.executionTimings = e['~subqueries'] ? { ...(e.plan as ObjectValue), '~subqueries': e['~subqueries'] } : e.plan!;
    }
  }
  return result;
}

/**
 * Raises 1020 for the statements tokenql parses (SANITIZE prints them) but cannot run:
 * buckets/scopes/collections (keyspaces come from loaded documents), ALTER INDEX (no index nodes
 * to move) and EXPLAIN FUNCTION; the user, group and role statements when the database has no
 * principals, or under EXPLAIN or PREPARE (they have no plan).
 */
function refuseAdministration(statement: Statement, deps: EngineDeps): void {
  const inner = statement.kind === 'Explain' || statement.kind === 'Prepare' ? statement.statement : statement;
  switch (inner.kind) {
    case 'Security':
      if (inner !== statement || !deps.principals) {
        const what = `${inner.action} ${inner.action === 'GRANT' || inner.action === 'REVOKE' ? 'ROLE' : inner.target}`;
        throw notSupported(inner !== statement ? `${statement.kind.toUpperCase()} of ${what}` : `${what} (this database keeps no users, groups or roles)`, inner.loc);
      }
      break;
    case 'Container':
      throw notSupported(`${inner.action} ${inner.container} (keyspaces are created by loading documents)`, inner.loc);
    case 'AlterIndex':
      throw notSupported('ALTER INDEX', inner.loc);
    case 'ExplainFunction':
      throw notSupported('EXPLAIN FUNCTION', inner.loc);
    case 'Update':
      if (inner.unsetFor) throw notSupported('UNSET … FOR', inner.loc);
      break;
    case 'BuildIndex':
      if (inner.dynamic) throw notSupported('BUILD INDEX with index names given by an expression', inner.loc);
      break;
    case 'CreateIndex':
      if (inner.vector || inner.keys.some((k) => k.vector)) throw notSupported('a vector index', inner.loc);
      break;
  }
}

/**
 * Checks the statement's privileges with the caller's hook (before planning: a refused statement
 * learns nothing about keyspaces); an EXECUTE is checked against the prepared statement, for the
 * user running it.
 */
function authorize(statement: Statement, params: EngineParams, deps: EngineDeps): void {
  if (!params.authorize) return;
  params.authorize(statementPrivileges(statement));
  if (statement.kind === 'Execute') {
    const p = deps.prepared.get(preparedKey(statement.name, params.restricted));
    if (p) params.authorize(statementPrivileges(p.statement));
  }
}

/** Whether the caller sees a keyspace: a restricted caller (the query service) does not see the internal `_` ones. */
function keyspaceVisible(params: EngineParams): (name: string) => boolean {
  return (n) => !(params.restricted && n.startsWith('_'));
}

/** The catalog a statement is planned against (a restricted caller does not see internal keyspaces). */
function catalogOf(params: EngineParams, deps: EngineDeps): Catalog {
  const visible = keyspaceVisible(params);
  return { hasKeyspace: (n) => visible(n) && deps.store.keyspace(n) !== undefined, indexes: (ks) => deps.indexes.infos(ks).filter((i) => !i.incomplete) };
}

/** True for the names of built-in functions, aggregates and META(): calls that are no user-defined function. */
const isBuiltinName = (name: string): boolean =>
  name === 'meta' || name === '_timeseries' || name === 'flatten_keys' || isAggregateName(name) || WINDOW_FUNCTIONS.has(name) || lookupFunction(name) !== undefined;

/** Raises 3000 "Invalid function f (resolving to default:f)" for a call no function answers (as the reference's parser). */
function checkFunctionNames(statement: Statement, rc: RunContext, text: string): void {
  for (const { name, loc } of calledFunctionNames(statement, isBuiltinName)) {
    // The name as written (function names are case-insensitive; the message shows the text's).
    let written = name;
    if (loc !== undefined) {
      const start = loc.offset + (text[loc.offset] === '`' ? 1 : 0);
      const at = text.slice(start, start + name.length);
      if (at.toLowerCase() === name) written = at;
    }
    try {
      rc.udf!.runtime.definition(written);
    } catch (e) {
      if (e instanceof QueryError && loc) throw new QueryError({ code: e.code, phase: e.phase, message: e.message, position: { ...loc, length: written.length } });
      throw e;
    }
  }
}

/** Named (an object) or positional (an array) parameters of a JavaScript function's N1QL() call. */
function n1qlParams(p: Value): Pick<EngineParams, 'named' | 'positional'> {
  if (Array.isArray(p)) return { named: {}, positional: p };
  const named: Record<string, Value> = {};
  if (p !== null && typeof p === 'object') for (const [k, v] of Object.entries(p)) named[k.startsWith('$') ? k.slice(1) : k] = v;
  return { named, positional: [] };
}

/**
 * A SELECT run synchronously for a JavaScript function's N1QL() inside an expression: parse,
 * semantic, plan and run on the caller's thread (a statement that writes raises 1020).
 */
function executeSync(text: string, params: EngineParams, deps: EngineDeps): Value[] {
  const warnings: { code: number; msg: string }[] = [];
  const rc = runContext(params, deps, warnings);
  const statement = parseCached(text, deps);
  authorize(statement, params, deps);
  checkFunctionNames(statement, rc, text);
  if (statement.kind !== 'Select') throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: `N1QL() of a JavaScript function called in an expression runs SELECT only; use EXECUTE FUNCTION for ${statement.kind.replace(/([a-z])([A-Z])/g, '$1 $2').toUpperCase()}` });
  analyze(statement);
  return runPlanSync(buildPlan(statement, catalogOf(params, deps)), rc);
}

/** The user-defined functions of a request (RunContext.udf and ExecContext.functions). */
function functionServices(params: EngineParams, deps: EngineDeps, catalog: Catalog): FunctionServices {
  const nested = (p: Value, depth: number): EngineParams => ({ ...params, ...n1qlParams(p), functionDepth: depth });
  const runtime = new FunctionRuntime({
    catalog: deps.functions,
    libraries: deps.libraries,
    javascript: deps.javascript,
    planCatalog: catalog,
    queryContext: params.queryContext,
    depth: params.functionDepth ?? 0,
    runAsync: async (statement, p, depth) => (await execute(statement, nested(p, depth), deps)).results,
    runSync: (statement, p, depth) => executeSync(statement, nested(p, depth), deps),
  });
  const identity = (ref: KeyspaceRef) => functionIdentity(ref, params.queryContext);
  return {
    runtime,
    identity,
    create: (s) => deps.functions.create({ identity: identity(s.name), ...(s.params ? { params: s.params } : {}), body: s.body, statement: printStatement(s) }, s.replace, s.ifNotExists),
    drop: (s) => deps.functions.drop(identity(s.name), s.ifExists),
    rows: () => deps.functions.all().map((d) => functionRow(d, printExpr)),
  };
}

/** What the catalogue functions (INFER, EXTRACTDDL) and UPDATE STATISTICS read, as the statement's caller sees it. */
function catalogSources(params: EngineParams, deps: EngineDeps): CatalogSources {
  const visible = keyspaceVisible(params);
  return {
    store: deps.store,
    catalog: catalogOf(params, deps),
    indexes: () => deps.indexes.all().filter((i) => visible(i.keyspace)),
    prepareds: () => preparedKeys(deps, params.restricted).flatMap((n) => deps.prepared.peek(preparedKey(n, params.restricted)) ?? []),
    bucketSettings: deps.bucketSettings,
    ddlSources: deps.ddlSources,
  };
}

/** Everything a running statement reaches: parameters, warnings, the store, indexes, DDL, its signal. */
function runContext(params: EngineParams, deps: EngineDeps, warnings: { code: number; msg: string }[]): RunContext {
  const visible = keyspaceVisible(params);
  const catalog = catalogOf(params, deps);
  const udf = functionServices(params, deps, catalog);
  const rc: RunContext = {
    udf,
    functions: udf.runtime,
    named: params.named,
    positional: params.positional,
    onProgress: params.onProgress,
    now: Date.now(),
    // A warning repeated by many rows (a division by zero per row) is reported once.
    warn: (msg, code = 0) => void (warnings.some((w) => w.msg === msg) || warnings.push({ code, msg })),
    store: params.transaction?.store ?? deps.store,
    catalog: catalogAccess(catalogSources(params, deps)),
    system: {
      ...(params.restricted
        ? { keyspaces: () => deps.system.keyspaces().filter((k) => visible(k.name)), indexes: () => deps.system.indexes().filter((i) => visible(String((i as { keyspace_id?: string }).keyspace_id ?? ''))), transactions: deps.system.transactions }
        : deps.system),
      activeRequests: () => params.requests?.activeRows() ?? [],
      completedRequests: () => params.requests?.completedRows() ?? [],
      prepareds: () => preparedKeys(deps, params.restricted).flatMap((n) => {
        const p = deps.prepared.peek(preparedKey(n, params.restricted));
        return p ? [preparedRow(p)] : [];
      }),
      ...(params.users ? { myUserInfo: () => params.users! } : {}),
      ...(deps.userDirectory ? { userInfo: () => deps.userDirectory!() } : {}),
      ...(deps.principals ? { groupInfo: () => groupInfoRows(deps.principals!) } : {}),
      ...(deps.dictionary ? { dictionary: () => deps.dictionary!.rows() } : {}),
      tasksCache: () => params.advisorSessions?.rows() ?? [],
    },
    indexTree: params.transaction ? (ks, name) => params.transaction!.indexTree(ks, name) : (ks, name) => deps.indexes.tree(ks, name),
    indexOccurrences: (ks, name) => deps.indexes.occurrences(ks, name),
    transactions: params.transactions,
    ddl: (s) => deps.ddl(s, catalog, params.onProgress),
    signal: params.signal,
    profile: params.profile === 'phases' || params.profile === 'timings' ? new Map() : undefined,
    ...(params.profile === 'timings' ? { timings: new OperatorTimings() } : {}),
    ...(params.progress ? { progress: params.progress } : {}),
    ...(params.preserveExpiry ? { preserveExpiry: true } : {}),
    ...(params.durabilityLevel && params.durabilityLevel !== 'none' && deps.bucketReplicas
      ? { durabilityImpossible: (ks: string) => durabilityImpossible(params.durabilityLevel, deps.bucketReplicas!(ks.split('.')[0]!) ?? 0) }
      : {}),
    sequences: deps.sequences,
    sequenceRegistry: deps.sequences,
  };
  rc.statements = statementRunner(rc, catalog, deps);
  rc.advisor = {
    report: (statements) => adviseReport(statements, params, deps),
    action: (arg) => {
      if (!params.advisorSessions) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: 'ADVISOR sessions need a database' });
      return params.advisorSessions.action(arg, params.queryContext ?? '');
    },
  };
  return rc;
}

/**
 * ADVISOR's report over statements with their run counts (couchbase/query
 * `expression/func_advisor.go`): each statement is advised as `ADVISE statement` would be, under
 * the caller's privileges; indexes are gathered across statements. A statement that cannot be
 * advised is listed under `errors` with its message.
 */
export function adviseReport(statements: Map<string, number>, params: EngineParams, deps: EngineDeps): Value {
  type Uses = Map<string, { run_count: number; statement: string }[]>;
  const current: Uses = new Map();
  const indexes: Uses = new Map();
  const covering: Uses = new Map();
  const errors: Value[] = [];
  const add = (m: Uses, list: Value, statement: string, n: number) => {
    if (!Array.isArray(list)) return;
    for (const e of list) {
      const index = (e as { index_statement?: Value }).index_statement;
      if (typeof index !== 'string') continue;
      if (!m.has(index)) m.set(index, []);
      m.get(index)!.push({ run_count: n, statement });
    }
  };
  const catalog = catalogOf(params, deps);
  for (const [text, n] of statements) {
    try {
      const parsed = parseCached(text, deps);
      const s = parsed.kind === 'Advise' ? parsed.statement : parsed;
      if (!['Select', 'Update', 'Delete', 'Merge'].includes(s.kind)) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'semantic', message: `ADVISOR advises SELECT, UPDATE, DELETE and MERGE, not ${s.kind.toUpperCase()}` });
      authorize(s, params, deps);
      analyze(s);
      const info = (adviseStatement(s, params.useCbo === true, { plan: ownPlan(s, catalog), catalog }).adviseinfo ?? {}) as Record<string, Value>;
      add(current, info.current_indexes, text, n);
      const rec = info.recommended_indexes;
      if (rec !== null && typeof rec === 'object' && !Array.isArray(rec)) {
        add(indexes, (rec as Record<string, Value>).indexes, text, n);
        add(covering, (rec as Record<string, Value>).covering_indexes, text, n);
      }
    } catch (e) {
      errors.push({ error: e instanceof Error ? e.message : String(e), run_count: n, statement: text });
    }
  }
  const rows = (m: Uses): Value[] => [...m].map(([index, uses]) => ({ index, statements: uses }));
  const out: Record<string, Value> = {};
  if (current.size) out.current_used_indexes = rows(current);
  if (errors.length) out.errors = errors;
  if (covering.size) out.recommended_covering_indexes = rows(covering);
  if (indexes.size) out.recommended_indexes = rows(indexes);
  return out;
}

/**
 * Statements run inside an expression (RECURSIVE_CTE): parsed, checked and planned when
 * prepared, then run synchronously in the request's context with their own parameters.
 */
function statementRunner(rc: RunContext, catalog: Catalog, deps: EngineDeps): StatementRunner {
  return {
    prepare(text) {
      const s = parseCached(text, deps);
      if (s.kind !== 'Select') throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: `Only a SELECT can run inside an expression, not ${s.kind.toUpperCase()}` });
      analyze(s);
      const compiled = compileStatement(buildPlan(s, catalog));
      return (named, positional) => compiled.runSync({ ...rc, named, positional });
    },
    field(text) {
      let e: Expr;
      try {
        e = parseExpression(text);
      } catch {
        return undefined;
      }
      if (e.kind !== 'Identifier' && e.kind !== 'Field') return undefined;
      const read = compileExpr(e, { names: new Set(), keyspaceAliases: [], defaultAlias: ROW });
      return (row) => {
        const env = rootEnv();
        env[ROW] = row;
        return read(env, rc);
      };
    },
  };
}

/** The name a field reader binds its row under (not writable in N1QL). */
const ROW = '\u0000row';

/**
 * PREPARE (couchbase/query `execution/prepare.go`, `prepareds/`): caches the plan under the
 * statement's name (unnamed: a name derived from the text, {@link preparedName}) and returns the
 * reference's row. A name already prepared with the same text is answered from the cache unless
 * FORCE; with another text it is 4060 "Unable to add name: duplicate name: …" (FORCE too).
 */
function prepare(statement: Extract<Statement, { kind: 'Prepare' }>, requestText: string, plan: StatementPlan, params: EngineParams, deps: EngineDeps): Value {
  // The PREPARE's own text, without FORCE and the blanks after it (FORCE changes not what is prepared).
  let prepareText = requestText.trim().replace(/;\s*$/, '').trimEnd();
  if (statement.force) prepareText = prepareText.replace(/^(prepare\s+)force\s+/i, '$1');
  const name = statement.name ?? preparedName(prepareText);
  const key = preparedKey(name, params.restricted);
  try {
    restorePrepared(name, params, deps); // prepared on another node: the name is taken there too
  } catch {
    // its statement no longer plans (a keyspace dropped): this PREPARE replaces it
  }
  let p = deps.prepared.get(key);
  if (p && p.prepareText !== prepareText) {
    throw new QueryError({ code: ErrorCode.PREPARED_NAME_EXISTS, phase: 'service', message: `Unable to add name: duplicate name: ${name}`, position: statement.loc });
  }
  if (!p || statement.force) {
    const encodedPlan = encodePlan(plan);
    // What is cached is the plan as loaded back from its encoding: the round trip is exercised.
    p = { name, prepareText, text: statement.text, statement: statement.statement, encodedPlan, plan: decodePlan(encodedPlan), preparedAt: Date.now(), uses: 0, elapsed: { total: 0, min: 0, max: 0 } };
    deps.prepared.set(key, p);
    deps.sharedPrepared?.save(name, params.restricted === true, prepareText);
  }
  const explained = explainPlan(p.plan);
  const signature = signatureOf(p.statement);
  const refs = keyspaceReferences(p.statement);
  return {
    encoded_plan: p.encodedPlan,
    ...(refs.length ? { keyspaceReferences: refs } : {}),
    name,
    namespace: 'default',
    operator: authorizeOperator(p.statement, explained.plan as ObjectValue),
    ...(explained['~subqueries'] ? { '~subqueries': explained['~subqueries'] } : {}),
    planPreparedTime: new Date(p.preparedAt).toISOString(),
    reqType: p.statement.kind.toUpperCase(),
    ...(signature !== undefined ? { signature } : {}),
    text: prepareText,
  };
}

/**
 * A statement prepared on another query node of the database (`deps.sharedPrepared`) that this
 * node does not hold: its saved PREPARE text is parsed and planned again here and cached under
 * its name, as the reference's query nodes re-prepare a statement prepared on another node.
 * Nothing when the node holds it or no node prepared it (EXECUTE then raises 4040).
 * @throws the QueryError of planning the saved statement (a keyspace it reads was dropped)
 */
function restorePrepared(name: string, params: EngineParams, deps: EngineDeps): void {
  const key = preparedKey(name, params.restricted);
  if (!deps.sharedPrepared || deps.prepared.has(key)) return;
  const prepareText = deps.sharedPrepared.load(name, params.restricted === true);
  if (prepareText === undefined) return;
  const s = parseCached(prepareText, deps);
  if (s.kind !== 'Prepare') return;
  analyze(s.statement);
  const encodedPlan = encodePlan(buildPlan(s.statement, catalogOf(params, deps)));
  deps.prepared.set(key, { name, prepareText, text: s.text, statement: s.statement, encodedPlan, plan: decodePlan(encodedPlan), preparedAt: Date.now(), uses: 0, elapsed: { total: 0, min: 0, max: 0 } });
}

/** The names of the prepared statements a caller sees (a restricted caller: its own). */
function preparedKeys(deps: EngineDeps, restricted: boolean | undefined): string[] {
  const out: string[] = [];
  for (const k of deps.prepared.keys()) {
    const mine = restricted ? k.startsWith(RESTRICTED) : !k.startsWith(RESTRICTED);
    if (mine) out.push(restricted ? k.slice(RESTRICTED.length) : k);
  }
  return out;
}

/**
 * `EXECUTE name USING [v1, …]` / `USING {"name": v, …}`: the arguments become the statement's
 * positional or named parameters (a constant array or object; otherwise 5010 as the reference).
 */
function useArguments(using: Expr, rc: RunContext): void {
  // Arguments are expressions of constants (`[1 + 1]`): evaluated without any row.
  const v = constantValue(using) === NOT_CONSTANT ? compileExpr(using, { names: new Set(), keyspaceAliases: [] })(rootEnv(), rc) : constantValue(using);
  if (v === NOT_CONSTANT || v === null || v === undefined || typeof v !== 'object') {
    throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: 'syntax error: EXECUTE … USING takes a constant array (positional parameters) or object (named parameters)', position: using.loc });
  }
  if (Array.isArray(v)) rc.positional = v as Value[];
  else rc.named = { ...rc.named, ...(v as Record<string, Value>) };
}

/** `#stats` of each plan node that ran (profile=timings), as the reference prints them. */
function timingStats(t: OperatorTimings): Map<object, Value> {
  const out = new Map<object, Value>();
  for (const [op, s] of t.stats) {
    out.set(op, { ...(s.itemsIn !== undefined ? { '#itemsIn': s.itemsIn } : {}), '#itemsOut': s.itemsOut, ...(s.runs > 1 ? { '#runs': s.runs } : {}), execTime: duration(s.execMs) });
  }
  return out;
}

/** The `profile=phases` section from the phase times and the operators' counts. */
function profileOf(ops: NonNullable<RunContext['profile']>, phases: Record<string, number>): QueryProfile {
  const phaseTimes: Record<string, string> = {};
  for (const [k, v] of Object.entries(phases)) phaseTimes[k] = duration(v);
  const phaseCounts: Record<string, number> = {};
  const phaseOperators: Record<string, number> = {};
  for (const [phase, s] of ops) {
    phaseCounts[phase] = s.outDocs;
    phaseOperators[phase] = s.operators ?? 0;
  }
  return { phaseTimes, phaseCounts, phaseOperators };
}
