import type { AggregateRegistry, Env, Scope } from '../eval/index.js';
import { someExpr, type Expr, type FunctionCall } from '../ast/index.js';
import type { SubqueryPlan } from '../planner/index.js';
import type { RowStream, RunContext } from './runtime.js';

/**
 * What compiling one operator needs and changes: the scope its expressions see, the scope
 * the enclosing SELECT block starts in (the enclosing query's), the statement's planned
 * subqueries, and — after a group — the aggregate slots. An operator returns the context the
 * next operator of its Sequence compiles in (a scan's Fetch binds its alias, Unnest its alias,
 * Let its variables, FinalGroup the aggregates, InitialProject the result aliases for Order).
 */
export interface CompileContext {
  scope: Scope;
  base: Scope;
  subqueries: ReadonlyMap<string, SubqueryPlan>;
  /** The aliases `SELECT *` shows: the block's FROM alias and UNNEST aliases. */
  starAliases: string[];
  /** Compiles a child operator (injected, so operator files need not import the registry). */
  compile(op: import('../planner/index.js').Operator, cx: CompileContext): CompiledOperator;
}

/** A running operator: reads its input stream (ignored by scans) and yields batches of rows. */
export type RunOperator = (input: RowStream, outer: Env | undefined, rc: RunContext) => RowStream;

/** A compiled operator and the context the next operator compiles in. */
export interface CompiledOperator {
  run: RunOperator;
  cx: CompileContext;
}

/** The stream of a source operator's input: nothing (scans ignore it). */
export const NO_INPUT: RowStream = [];

/** A block scope binding `names` over the enclosing block's scope. */
export function blockScope(base: Scope, names: string[], alias: string | undefined, keyspaceAlias: boolean): Scope {
  return {
    names: new Set(names),
    parent: base,
    defaultAlias: alias ?? base.defaultAlias,
    keyspaceAliases: keyspaceAlias && alias ? [alias] : base.keyspaceAliases,
    compileSubquery: base.compileSubquery,
  };
}

/** Slots of a grouped block's aggregates, filled from the plan's `aggregates`. */
export class AggregateSlots implements AggregateRegistry {
  private readonly byKey = new Map<string, number>();
  constructor(
    readonly calls: FunctionCall[],
    private readonly keyOf: (c: FunctionCall) => string,
  ) {
    calls.forEach((c, i) => this.byKey.set(keyOf(c), i));
  }
  register(call: FunctionCall): number {
    const n = this.byKey.get(this.keyOf(call));
    if (n === undefined) throw new Error(`aggregate ${call.name} is not among the plan's aggregates`);
    return n;
  }
}


/**
 * True if an expression runs a subquery: the operator evaluating it then checks its time
 * slice after each row (a correlated subquery per row can take long) instead of after each batch.
 */
export function runsSubquery(e: Expr | undefined): boolean {
  return e !== undefined && someExpr(e, (x) => x.kind === 'Subquery');
}
