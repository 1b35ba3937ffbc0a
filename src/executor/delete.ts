import type { Scope } from '../eval/index.js';
import type { DeletePlan } from '../planner/plan.js';
import { dmlError, type DmlResult } from './dml-result.js';
import { compileTargets } from './mutation-targets.js';
import { compileReturning } from './returning.js';
import type { RunContext } from './runtime.js';

/** Runs DELETE: removes each target with the cas read; RETURNING sees the deleted document. */
export async function runDelete(plan: DeletePlan, subqueryScope: Scope, rc: RunContext): Promise<DmlResult> {
  const targets = compileTargets(plan, subqueryScope);
  const returning = plan.returning ? compileReturning(plan.returning, plan.alias) : undefined;
  const ks = rc.store.keyspace(plan.keyspace)!;
  const result: DmlResult = { results: [], mutationCount: 0, failures: [] };
  for (const t of targets(rc)) {
    try {
      const removed = await ks.remove(t.key, { cas: t.cas });
      if (!removed) continue;
      result.mutationCount++;
      if (returning) {
        const doc = t.env[plan.alias];
        const r = returning(doc, { id: t.key, cas: t.cas, expiration: 0, seqno: 0 }, plan.keyspace, rc);
        if (r !== undefined) result.results.push(r);
      }
    } catch (err) {
      result.failures.push(dmlError('DELETE', t.key, err));
    }
  }
  return result;
}
