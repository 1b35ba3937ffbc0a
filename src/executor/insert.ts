import { ErrorCode, QueryError } from '../errors/index.js';
import { compileExpr, rootEnv, type Evaluator, type Scope } from '../eval/index.js';
import type { Catalog } from '../planner/catalog.js';
import type { InsertPlan } from '../planner/plan.js';
import { cloneValue, isObject, toOutputValue, type Value } from '../values/index.js';
import { collectValues, compileSelect } from './compile-select.js';
import { dmlError, type DmlResult } from './dml-result.js';
import { compileReturning } from './returning.js';
import type { RunContext } from './runtime.js';

const ROW = '\u0000row';

function keyError(k: Value, op: string): QueryError {
  return new QueryError({
    code: ErrorCode.INVALID_KEY,
    phase: 'execution',
    message: `Cannot ${op} non-string key ${JSON.stringify(k ?? null)} of type ${k === undefined ? 'missing' : Array.isArray(k) ? 'array' : k === null ? 'null' : typeof k}`,
  });
}

function expirationOf(o: Value): number | undefined {
  if (!isObject(o)) return undefined;
  const e = o.expiration;
  return typeof e === 'number' ? e : undefined;
}

/**
 * Runs INSERT/UPSERT. Each pair is written independently: a duplicate key on INSERT (12009) or a
 * non-string key (5070) is recorded as a failure and the other pairs are still written, as the
 * reference does. `OPTIONS {"expiration": seconds}` sets the document expiration.
 */
export async function runInsert(plan: InsertPlan, catalog: Catalog, rc: RunContext): Promise<DmlResult> {
  const op = plan.upsert ? 'UPSERT' : 'INSERT';
  const ks = rc.store.keyspace(plan.keyspace.name);
  if (!ks) throw new QueryError({ code: ErrorCode.KEYSPACE_NOT_FOUND, phase: 'execution', message: `Keyspace not found in CB datastore: default:${plan.keyspace.name}` });
  const alias = plan.keyspace.alias ?? plan.keyspace.path[plan.keyspace.path.length - 1];
  const returning = plan.returning ? compileReturning(plan.returning, alias) : undefined;
  const triples: { key: Value; value: Value; options: Value }[] = [];
  if (plan.values) {
    const scope: Scope = { names: new Set(), keyspaceAliases: [] };
    const env = rootEnv();
    for (const row of plan.values) {
      triples.push({
        key: compileExpr(row.key, scope)(env, rc),
        value: row.value ? compileExpr(row.value, scope)(env, rc) : undefined,
        options: row.options ? compileExpr(row.options, scope)(env, rc) : undefined,
      });
    }
  } else if (plan.select) {
    const rows = collectValues(compileSelect(plan.select.query, catalog)(undefined, rc));
    const scope: Scope = { names: new Set(), keyspaceAliases: [], defaultAlias: ROW };
    const k: Evaluator = compileExpr(plan.select.key, scope);
    const v: Evaluator | undefined = plan.select.value ? compileExpr(plan.select.value, scope) : undefined;
    const o: Evaluator | undefined = plan.select.options ? compileExpr(plan.select.options, scope) : undefined;
    for (const r of rows) {
      const env = rootEnv();
      env[ROW] = r;
      triples.push({ key: k(env, rc), value: v ? v(env, rc) : r, options: o ? o(env, rc) : undefined });
    }
  }
  const result: DmlResult = { results: [], mutationCount: 0, failures: [] };
  for (const t of triples) {
    if (typeof t.key !== 'string' || t.key.length === 0) {
      result.failures.push(keyError(t.key, op));
      continue;
    }
    if (t.value === undefined) {
      result.failures.push(new QueryError({ code: ErrorCode.DML, phase: 'execution', message: `${op} value for key ${t.key} is MISSING` }));
      continue;
    }
    try {
      const opts = { expiration: expirationOf(t.options) };
      const value = cloneValue(t.value);
      // Stored as the reference stores it, as its JSON text (NaN → "NaN", a MISSING element →
      // null); RETURNING sees the value itself, as there.
      const stored = toOutputValue(value);
      const meta = plan.upsert ? await ks.upsert(t.key, stored, opts) : await ks.insert(t.key, stored, opts);
      result.mutationCount++;
      if (returning) {
        const r = returning(value, meta, plan.keyspace.name, rc);
        if (r !== undefined) result.results.push(r);
      }
    } catch (err) {
      result.failures.push(dmlError(op, t.key, err));
    }
  }
  return result;
}
