import { QueryError, type Database, type QueryOptions, type Value } from '../../../src/index.js';
import { beforeSetupStatement } from './harness-fixtures.js';
import { canonical, sameRows } from '../../support/compare.js';
import { openPopulatedTestDatabase, type StoreKind } from '../../support/store-kinds.js';
import { dataFile, type CaseGroup, type SuiteCase } from './suite.js';
import { groupFixtures, groupSetup, hasGroupFixtures } from './fixtures.js';

/** What one case did: `pass`, or why not. The EXPLAIN check is judged on its own. */
export interface CaseOutcome {
  id: string;
  pass: boolean;
  why?: string;
  /** Present when the case has an `explain_check` that runs. */
  explain?: { pass: boolean; why?: string };
}

/** A statement that runs longer than this is reported as a failure (the runner moves on). */
const STATEMENT_MS = 20_000;

/**
 * The limit of a staging copy run once for many groups ({@link STAGING_COPY}): a copy cut short
 * would leave every group that shares it a part of its data.
 */
const STAGING_MS = 120_000;

function withTimeout<T>(p: Promise<T>, what: string, ms = STATEMENT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what.slice(0, 80)}`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** Deletes the fields named in `ignore` at any depth (the harness's rule). */
function withoutFields(v: Value, names: ReadonlySet<string>): Value {
  if (Array.isArray(v)) return v.map((x) => withoutFields(x, names));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, Value> = {};
    for (const [k, x] of Object.entries(v)) if (!names.has(k)) out[k] = withoutFields(x as Value, names);
    return out;
  }
  return v;
}

const short = (s: string, n = 300) => (s.length > n ? s.slice(0, n) + '…' : s);

function showRows(rows: readonly Value[]): string {
  return short(`${rows.length} rows: ${rows.slice(0, 4).map(canonical).join(', ')}`);
}

/**
 * The txids of a group's open transactions by `txgroup` (the harness's query parameter; a
 * statement without one is in group 0): a BEGIN/START records the txid of its row, the group's
 * other statements run with it, as the reference's harness passes `txid` between statements,
 * and its COMMIT or ROLLBACK (not ROLLBACK TO SAVEPOINT) ends it, failed or not.
 */
const txids = new WeakMap<Database, Map<number, string>>();

const txGroup = (c: SuiteCase): number => (typeof c.query_params?.txgroup === 'number' ? c.query_params.txgroup : 0);
const isBegin = (statement: string): boolean => /^\s*(BEGIN|START)\b/i.test(statement);
const endsTransaction = (statement: string): boolean => /^\s*(COMMIT|ROLLBACK)\b/i.test(statement) && !/\bSAVEPOINT\b/i.test(statement);

/** The transaction request parameters of a case (its txgroup's `txid`, `tximplicit`). */
function txOptions(db: Database, c: SuiteCase, statement: string): QueryOptions {
  const out: QueryOptions = {};
  if (!isBegin(statement)) {
    const txid = txids.get(db)?.get(txGroup(c));
    if (txid !== undefined) out.txid = txid;
  }
  if (c.query_params?.tximplicit === true) out.tximplicit = true;
  return out;
}

/** Runs one statement with the case's parameters. */
async function run(db: Database, c: SuiteCase, statement: string, extra?: Record<string, Value>) {
  const named = { ...(c.named_args ?? {}), ...(extra ?? {}) };
  const opts: QueryOptions = Object.keys(named).length > 0 || c.positional_args ? { params: named, args: c.positional_args } : {};
  // The request parameters the engine takes (the query service's names).
  const qp = c.query_params ?? {};
  if (qp.preserve_expiry === true) opts.preserveExpiry = true;
  if (qp.use_cbo === true) opts.useCbo = true;
  if (typeof qp.durability_level === 'string') opts.durabilityLevel = qp.durability_level as QueryOptions['durabilityLevel'];
  // The filestore harness's datastore is the namespace `dimestore` (its data directory), where
  // the reference resolves unqualified names ("Invalid function f (resolving to dimestore:f)",
  // filestore/error_cases case_error1.json#1): its requests run as in that query context.
  if (c.id.startsWith('filestore/')) opts.queryContext = 'dimestore:';
  let groups = txids.get(db);
  if (!groups) txids.set(db, (groups = new Map()));
  const group = txGroup(c);
  const tx = txOptions(db, c, statement);
  const users = GSI_USERS.get(db);
  try {
    const result = await withTimeout(db.query(statement, { ...opts, ...tx, ...(users ? { users } : {}) }), statement);
    const txid = (result.results[0] as { txid?: unknown } | undefined)?.txid;
    if (isBegin(statement) && typeof txid === 'string') groups.set(group, txid);
    else if (tx.txid !== undefined && endsTransaction(statement)) groups.delete(group);
    return result;
  } catch (err) {
    // The transaction is over: ended by its COMMIT/ROLLBACK (a failed COMMIT rolls back), or gone (17004, 17010).
    if (tx.txid !== undefined && (endsTransaction(statement) || (err instanceof QueryError && (err.code === 17004 || err.code === 17010)))) groups.delete(group);
    throw err;
  }
}

/**
 * The gsi suite's harness runs against a cluster: its requests carry the credentials of each
 * bucket's owner (`OwnerOf<bucket>`, what `system:my_user_info` lists), and its query service
 * logs only requests of 1 s or more in `system:completed_requests` (the default
 * `completed-threshold`), and its buckets have a cluster's settings. The filestore harness logs
 * every request and has no users.
 */
const GSI_USERS = new WeakMap<Database, Value[]>();
/** Whether the group is of the gsi suite (its harness: {@link asGsiHarness}). */
const isGsiGroup = (g: CaseGroup): boolean => g.cases[0]?.id.startsWith('gsi/') ?? false;

function asGsiHarness(db: Database, g: CaseGroup): void {
  if (!isGsiGroup(g)) return;
  db.requests.completedThresholdMs = 1000;
  // The harness cluster's buckets (what EXTRACTDDL's CREATE BUCKET shows).
  db.bucketSettings = () => ({ evictionPolicy: 'fullEviction', numVBuckets: 128, ramQuota: 250, storageBackend: 'magma' });
  // The harness is a one-node cluster whose buckets have Couchbase's default of one replica,
  // except `orders` (its durability cases succeed at every level): a durable write to the others
  // is refused with DURABILITY_IMPOSSIBLE (gsi/durability durability_neg.json on `customer`).
  db.bucketReplicas = (bucket) => (bucket === 'orders' ? 0 : 1);
  const buckets = Object.keys(g.keyspaces).filter((k) => !k.includes('.'));
  GSI_USERS.set(db, buckets.map((b) => ({ id: `OwnerOf${b}`, domain: 'local', name: `OwnerOf${b}`, roles: [{ role: 'bucket_full_access', bucket_name: b }] })));
}

function errorText(err: unknown): string {
  if (err instanceof QueryError) return `error ${err.code}: ${err.message}`;
  return `non-QueryError ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
}

/** Judges one case (not its EXPLAIN check). */
async function judge(db: Database, c: SuiteCase): Promise<{ pass: boolean; why?: string }> {
  let result: Awaited<ReturnType<Database['query']>>;
  try {
    result = await run(db, c, c.statement);
  } catch (err) {
    if (c.expect_error && err instanceof QueryError) {
      if (c.error_code !== undefined && err.code === c.error_code) return { pass: true };
      // The reference's error_text is its `msg` (the message with its position).
      if (c.error_text !== undefined && (err.msg.includes(c.error_text) || err.message.includes(c.error_text))) return { pass: true };
      if (c.error_code === undefined && c.error_text === undefined) return { pass: true };
      return { pass: false, why: short(`expected error ${c.error_code ?? ''} "${c.error_text ?? ''}", got ${errorText(err)}`) };
    }
    return { pass: false, why: short(errorText(err)) };
  }
  if (c.expect_error) return { pass: false, why: `expected error ${c.error_code ?? ''} "${c.error_text ?? ''}", got ${showRows(result.results)}` };
  const warnings = result.warnings ?? [];
  if (c.warning_code !== undefined || c.warning_text !== undefined) {
    const ok = warnings.some(
      (w) => (c.warning_code !== undefined && w.code === c.warning_code) || (c.warning_text !== undefined && w.msg.includes(c.warning_text)),
    );
    return ok ? { pass: true } : { pass: false, why: short(`expected warning ${c.warning_code ?? ''} "${c.warning_text ?? ''}", got ${JSON.stringify(warnings)}`) };
  }
  if (c.no_results_check) return { pass: true };
  if (warnings.length > 0) return { pass: false, why: short(`unexpected warnings ${JSON.stringify(warnings)}`) };
  const expected = c.results ?? [];
  let actual = result.results;
  if (c.ignore !== undefined) {
    const names = new Set(Array.isArray(c.ignore) ? c.ignore : [c.ignore]);
    actual = actual.map((r) => withoutFields(r, names));
  }
  if (sameRows(actual, expected, c.ordered)) return { pass: true };
  return { pass: false, why: `expected ${showRows(expected)}; got ${showRows(actual)}` };
}

/** Runs the case's `explain_check`: EXPLAIN the statement, bind the row to `$explan`, query it. */
async function judgeExplain(db: Database, c: SuiteCase): Promise<{ pass: boolean; why?: string }> {
  const check = c.explain_check!;
  try {
    const plan = await run(db, c, `EXPLAIN ${c.statement.replace(/;\s*$/, '')}`);
    const r = await run(db, c, check.statement, { explan: plan.results[0] ?? null });
    if (sameRows(r.results, check.results, false)) return { pass: true };
    return { pass: false, why: `expected ${showRows(check.results)}; got ${showRows(r.results)}` };
  } catch (err) {
    return { pass: false, why: short(errorText(err)) };
  }
}

/** Writes in flight at once while loading a keyspace (the PostgreSQL store commits them in groups). */
const LOAD_WINDOW = 1024;

/**
 * Creates the keyspaces and upserts their data files' documents, in file order: up to
 * {@link LOAD_WINDOW} writes in flight (a data file holds each key once, and the writes of one
 * key keep their order anyway), each document stored whole under its key `k`.
 */
async function loadKeyspaces(db: Database, keyspaces: CaseGroup['keyspaces']): Promise<void> {
  for (const [name, spec] of Object.entries(keyspaces)) {
    await db.createKeyspace(name);
    const window: Promise<unknown>[] = [];
    for (const d of dataFile(spec.file)) {
      window.push(db.upsert(name, d.k, d as unknown as Value));
      if (window.length >= LOAD_WINDOW) await Promise.all(window.splice(0));
    }
    await Promise.all(window);
  }
}

/**
 * A setup statement of the conversion that copies a staging keyspace's documents into a
 * keyspace (`INSERT INTO product (KEY s.k, VALUE s.v) SELECT s FROM refstage_1 AS s`): with the
 * load, it makes the group's data.
 */
const STAGING_COPY = /^\s*INSERT\s+INTO\s+[\w`.]+\s*\(\s*KEY\s+s\.k\s*,\s*VALUE\s+s\.v\s*\)\s*SELECT\s+s\s+FROM\s+refstage_\d+\s+AS\s+s\s*;?\s*$/i;

/** Whether a case of the group reads the request log (which a reopened database starts afresh). */
const readsRequestLog = (g: CaseGroup): boolean => g.cases.some((c) => /_requests\b/i.test(c.statement) || (c.explain_check !== undefined && /_requests\b/i.test(c.explain_check.statement)));

/** Runs setup statements as the harness does, each within `ms`; the first failure's reason (undefined: none failed). */
async function runSetup(db: Database, statements: readonly string[], ms = STATEMENT_MS): Promise<string | undefined> {
  let setupError: string | undefined;
  for (const s of statements) {
    try {
      await beforeSetupStatement(s, db);
      const users = GSI_USERS.get(db);
      await withTimeout(db.query(s, users ? { users } : {}), s, ms);
    } catch (err) {
      setupError ??= short(`setup "${short(s, 80)}": ${errorText(err)}`);
    }
  }
  return setupError;
}

/**
 * Opens a fresh database of `kind` with the group's keyspaces (reopened after the load on a
 * durable store) and runs its setup (errors in setup are kept as the reason). The load and the
 * setup's leading staging copies ({@link STAGING_COPY}) depend only on the keyspaces (and the
 * harness), so on a durable store they run once per test file and each group opens an exact copy
 * of that database (openPopulatedTestDatabase, test/support/store-kinds.ts): a fresh database
 * all the same. Not for a group with harness fixtures or one that reads the request log.
 */
async function openGroup(g: CaseGroup, kind: StoreKind): Promise<{ db: Database; setupError?: string }> {
  const setup = groupSetup(g);
  let staged = 0;
  if (!hasGroupFixtures(g) && !readsRequestLog(g)) while (staged < setup.length && STAGING_COPY.test(setup[staged]!)) staged++;
  const content = JSON.stringify({ keyspaces: g.keyspaces, gsi: isGsiGroup(g), staging: setup.slice(0, staged) });
  const { db, value: stagingError } = await openPopulatedTestDatabase(kind, content, async (fresh, restart) => {
    await loadKeyspaces(fresh, g.keyspaces);
    // On a durable store the setup reads the documents as the store recovers them.
    const db = await restart();
    asGsiHarness(db, g);
    return runSetup(db, setup.slice(0, staged), STAGING_MS);
  });
  asGsiHarness(db, g);
  await groupFixtures(db, g);
  const setupError = await runSetup(db, setup.slice(staged));
  return { db, setupError: stagingError ?? setupError };
}

/**
 * Runs a group in one fresh database of the store `kind` (test/support/store-kinds.ts; default
 * the in-memory store): keyspaces loaded, setup run, then every case in file order. A setup
 * statement that fails is noted on each case that fails afterwards.
 */
export async function runGroup(g: CaseGroup, kind: StoreKind = 'memory'): Promise<CaseOutcome[]> {
  const out: CaseOutcome[] = [];
  let opened: { db: Database; setupError?: string };
  try {
    opened = await openGroup(g, kind);
  } catch (err) {
    return g.cases.map((c) => ({ id: c.id, pass: false, why: short(`group setup: ${errorText(err)}`) }));
  }
  const { db, setupError } = opened;
  try {
    for (const c of g.cases) {
      const verdict = await judge(db, c);
      if (!verdict.pass && setupError) verdict.why = `${verdict.why} [after ${setupError}]`;
      const o: CaseOutcome = { id: c.id, ...verdict };
      if (c.explain_check && !c.explain_block_not_run) o.explain = await judgeExplain(db, c);
      out.push(o);
    }
  } finally {
    await db.close();
  }
  return out;
}
