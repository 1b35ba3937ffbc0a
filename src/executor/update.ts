import { compileExpr, type Scope } from '../eval/index.js';
import type { UpdatePlan } from '../planner/plan.js';
import { cloneValue, missingElementsAsNull } from '../values/index.js';
import { dmlError, type DmlResult } from './dml-result.js';
import { compileTargets } from './mutation-targets.js';
import { compileReturning } from './returning.js';
import type { RunContext } from './runtime.js';
import { applyPath, compilePath } from './set-path.js';

/**
 * Runs UPDATE: for each target, Clone the document, apply SET (values computed from the
 * document as read) then UNSET, and SendUpdate with the cas read, so a concurrent change makes
 * that document fail (12009) instead of being overwritten. RETURNING sees the new document.
 */
export async function runUpdate(plan: UpdatePlan, subqueryScope: Scope, rc: RunContext): Promise<DmlResult> {
  const scope: Scope = { ...subqueryScope, names: new Set([plan.alias]), defaultAlias: plan.alias, keyspaceAliases: [plan.alias] };
  const targets = compileTargets(plan, subqueryScope);
  const sets = plan.set.map((s) => ({ path: compilePath(s.path, plan.alias, scope), value: compileExpr(s.value, scope) }));
  const unsets = plan.unset.map((u) => compilePath(u, plan.alias, scope));
  const returning = plan.returning ? compileReturning(plan.returning, plan.alias) : undefined;
  const ks = rc.store.keyspace(plan.keyspace)!;
  const result: DmlResult = { results: [], mutationCount: 0, failures: [] };
  for (const t of targets(rc)) {
    // MISSING array elements are stored as null (as JSON writes them).
    const values = sets.map((s) => missingElementsAsNull(s.value(t.env, rc)));
    const doc = cloneValue(t.env[plan.alias]);
    sets.forEach((s, i) => applyPath(doc, s.path, values[i], t.env, rc));
    for (const u of unsets) applyPath(doc, u, undefined, t.env, rc);
    // UNSET deletes fields, which leaves objects in V8's dictionary mode (slow properties), and
    // every later read of the document would pay for it: copied back to ordinary objects.
    const updated = unsets.length > 0 ? cloneValue(doc) : doc;
    try {
      const meta = await ks.replace(t.key, updated, { cas: t.cas });
      result.mutationCount++;
      if (returning) {
        const r = returning(updated, meta, plan.keyspace, rc);
        if (r !== undefined) result.results.push(r);
      }
    } catch (err) {
      result.failures.push(dmlError('UPDATE', t.key, err));
    }
  }
  return result;
}
