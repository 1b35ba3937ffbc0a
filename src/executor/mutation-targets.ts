import { compileExpr, metaOf, rootEnv, type Env, type Scope } from '../eval/index.js';
import type { MutationReadPlan } from '../planner/plan.js';
import { truth } from '../values/index.js';
import { compileSource } from './scan.js';
import type { RunContext } from './runtime.js';

/** A document an UPDATE or DELETE will change: its key, cas at read time, and row environment. */
export interface MutationTarget {
  key: string;
  cas: number;
  env: Env;
}

/**
 * The read side of UPDATE and DELETE: scan (or USE KEYS), Filter, Limit. All targets are read
 * before any is written, so a statement never sees its own changes.
 */
export function compileTargets(plan: MutationReadPlan, subqueryScope: Scope): (rc: RunContext) => MutationTarget[] {
  const scope: Scope = { ...subqueryScope, names: new Set([plan.alias]), defaultAlias: plan.alias, keyspaceAliases: [plan.alias] };
  const source = compileSource(plan.source, scope, () => () => []);
  const where = plan.where ? compileExpr(plan.where, scope) : undefined;
  const limit = plan.limit ? compileExpr(plan.limit, scope) : undefined;
  return (rc) => {
    const lim = limit ? limit(rootEnv(), rc) : undefined;
    const max = typeof lim === 'number' ? Math.max(0, Math.floor(lim)) : Infinity;
    const out: MutationTarget[] = [];
    if (max === 0) return out;
    for (const batch of source(undefined, rc)) {
      for (const row of batch) {
        if (where && !truth(where(row.env, rc))) continue;
        const m = metaOf(row.env, plan.alias)!;
        out.push({ key: m.id, cas: m.cas, env: row.env });
        if (out.length >= max) return out;
      }
    }
    return out;
  };
}
