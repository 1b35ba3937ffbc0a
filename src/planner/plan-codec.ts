import { ErrorCode, QueryError } from '../errors/index.js';
import type { Plan, ScanPlan, SourcePlan } from './plan.js';

const VERSION = 1;

/**
 * Serialises a plan (the `encoded_plan` of PREPARE): JSON of the plan, whose expressions are
 * AST nodes, with a format version, base64-encoded as the reference does.
 */
export function encodePlan(plan: Plan): string {
  return Buffer.from(JSON.stringify({ version: VERSION, plan }), 'utf8').toString('base64');
}

/**
 * Loads a plan written by {@link encodePlan}. Raises QueryError 4070 when the text is not a
 * plan of this version.
 */
export function decodePlan(encoded: string): Plan {
  try {
    const o = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as { version?: number; plan?: Plan };
    if (o.version !== VERSION || !o.plan || typeof o.plan.kind !== 'string') throw new Error(`unsupported plan version ${o.version}`);
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

function scanIndexes(s: ScanPlan, out: Map<string, ScannedIndex>): void {
  if (s.kind === 'IndexScan3') out.set(s.indexId, { keyspace: s.keyspace, index: s.index, indexId: s.indexId });
  else for (const x of s.scans) scanIndexes(x, out);
}

function sourceIndexes(s: SourcePlan, out: Map<string, ScannedIndex>): void {
  if (s.op === 'IndexScan') scanIndexes(s.scan, out);
  if (s.op === 'SubqueryScan') planIndexes(s.query, out);
}

/**
 * The indexes a plan scans, by index id (a prepared plan is re-planned when one of them is gone:
 * dropped, not online, or dropped and created again under its name, which gives another id).
 */
export function planIndexes(plan: Plan, out = new Map<string, ScannedIndex>()): Map<string, ScannedIndex> {
  if (plan.kind === 'Select') {
    const walk = (b: typeof plan.body): void => {
      if (b.kind === 'Subselect') sourceIndexes(b.source, out);
      else {
        walk(b.left);
        walk(b.right);
      }
    };
    walk(plan.body);
  } else if (plan.kind === 'Update' || plan.kind === 'Delete') sourceIndexes(plan.source, out);
  else if (plan.kind === 'Insert' && plan.select) planIndexes(plan.select.query, out);
  return out;
}
