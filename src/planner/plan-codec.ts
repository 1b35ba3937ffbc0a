import { ErrorCode, QueryError } from '../errors/index.js';
import { planOperators } from './build-plan.js';
import type { StatementPlan } from './plan/index.js';
import { int64Replacer, int64Reviver } from '../values/index.js';

/** Version of the encoding: 2 is the operator tree (1 was the block plan before it). */
const VERSION = 2;

/**
 * Serialises a statement plan (the `encoded_plan` of PREPARE): the operator tree and its
 * subqueries as JSON (expressions as AST nodes), with a format version, base64-encoded as the
 * reference does.
 */
export function encodePlan(plan: StatementPlan): string {
  return Buffer.from(JSON.stringify({ version: VERSION, plan }, int64Replacer), 'utf8').toString('base64');
}

/**
 * Loads a plan written by {@link encodePlan}. Raises QueryError 4070 when the text is not a
 * plan of this version.
 */
export function decodePlan(encoded: string): StatementPlan {
  try {
    const o = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'), int64Reviver) as { version?: number; plan?: StatementPlan };
    if (o.version !== VERSION || !o.plan || typeof o.plan.plan?.['#operator'] !== 'string' || !Array.isArray(o.plan['~subqueries'])) {
      throw new Error(`unsupported plan version ${o.version}`);
    }
    return o.plan;
  } catch (err) {
    throw new QueryError({ code: ErrorCode.BAD_PLAN, phase: 'plan', message: `Unable to decode prepared plan: ${(err as Error).message}`, cause: err });
  }
}

/** An index a plan scans: its keyspace, name and id (`ks:ix:1`; a re-created index has another). */
export interface ScannedIndex {
  keyspace: string;
  index: string;
  indexId: string;
}

/**
 * The indexes a plan scans, by index id (a prepared plan is re-planned when one of them is gone:
 * dropped, not online, or dropped and created again under its name, which gives another id).
 */
export function planIndexes(plan: StatementPlan, out = new Map<string, ScannedIndex>()): Map<string, ScannedIndex> {
  for (const op of planOperators(plan)) {
    if (op['#operator'] === 'IndexScan3') out.set(op.index_id, { keyspace: op.keyspace, index: op.index, indexId: op.index_id });
  }
  return out;
}
