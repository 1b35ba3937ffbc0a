import { Database, QueryError, type Value } from '../../../src/index.js';
import { canonical, sameRows } from '../../support/compare.js';
import { dataFile, type CaseGroup, type SuiteCase } from './suite.js';
import { groupFixtures, groupSetup } from './fixtures.js';

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

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${STATEMENT_MS} ms: ${what.slice(0, 80)}`)), STATEMENT_MS);
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

/** Runs one statement with the case's parameters. */
async function run(db: Database, c: SuiteCase, statement: string, extra?: Record<string, Value>) {
  const named = { ...(c.named_args ?? {}), ...(extra ?? {}) };
  const opts = Object.keys(named).length > 0 || c.positional_args ? { params: named, args: c.positional_args } : {};
  return withTimeout(db.query(statement, opts), statement);
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
      if (c.error_text !== undefined && err.message.includes(c.error_text)) return { pass: true };
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

/** Opens a fresh database with the group's keyspaces and runs its setup (errors in setup are kept as the reason). */
async function openGroup(g: CaseGroup): Promise<{ db: Database; setupError?: string }> {
  const db = await Database.open();
  for (const [name, spec] of Object.entries(g.keyspaces)) {
    await db.createKeyspace(name);
    for (const d of dataFile(spec.file)) await db.upsert(name, d.k, d as unknown as Value);
  }
  await groupFixtures(db, g);
  let setupError: string | undefined;
  for (const s of groupSetup(g)) {
    try {
      await withTimeout(db.query(s), s);
    } catch (err) {
      setupError ??= short(`setup "${short(s, 80)}": ${errorText(err)}`);
    }
  }
  return { db, setupError };
}

/**
 * Runs a group in one fresh database: keyspaces loaded, setup run, then every case in file
 * order. A setup statement that fails is noted on each case that fails afterwards.
 */
export async function runGroup(g: CaseGroup): Promise<CaseOutcome[]> {
  const out: CaseOutcome[] = [];
  let opened: { db: Database; setupError?: string };
  try {
    opened = await openGroup(g);
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
