import type { Alias } from './alias.js';
import type { Clone } from './clone.js';
import type { Distinct } from './distinct.js';
import type { DistinctScan } from './distinct-scan.js';
import type { DummyScan } from './dummy-scan.js';
import type { ExceptAll } from './except-all.js';
import type { ExpressionScan } from './expression-scan.js';
import type { Fetch } from './fetch.js';
import type { Filter } from './filter.js';
import type { FinalGroup, InitialGroup, IntermediateGroup } from './group.js';
import type { IndexDdl } from './index-ddl.js';
import type { SequenceDdl } from './sequence-ddl.js';
import type { TransactionOperator } from './transaction.js';
import type { CreateFunction, DropFunction, ExecuteFunction } from './function-ddl.js';
import type { Advise } from './advise.js';
import type { IndexCountProject } from './index-count-project.js';
import type { IndexCountScan2 } from './index-count-scan2.js';
import type { IndexCountDistinctScan2 } from './index-count-distinct-scan2.js';
import type { CountScan } from './count-scan.js';
import type { IndexScan3 } from './index-scan3.js';
import type { InitialProject } from './initial-project.js';
import type { IntersectAll } from './intersect-all.js';
import type { IntersectScan } from './intersect-scan.js';
import type { OrderedIntersectScan } from './ordered-intersect-scan.js';
import type { KeyScan } from './key-scan.js';
import type { Let } from './let.js';
import type { Limit } from './limit.js';
import type { Offset } from './offset.js';
import type { Order } from './order.js';
import type { Parallel } from './parallel.js';
import type { PrimaryScan } from './primary-scan.js';
import type { PrimaryScan3 } from './primary-scan3.js';
import type { SendDelete } from './send-delete.js';
import type { SendInsert } from './send-insert.js';
import type { SendUpdate } from './send-update.js';
import type { Sequence } from './sequence.js';
import type { Set } from './set.js';
import type { UnionAll } from './union-all.js';
import type { UnionScan } from './union-scan.js';
import type { Unnest } from './unnest.js';
import type { Unset } from './unset.js';
import type { Join } from './join.js';
import type { Nest } from './nest.js';
import type { IndexJoin } from './index-join.js';
import type { IndexNest } from './index-nest.js';
import type { NestedLoopJoin } from './nested-loop-join.js';
import type { NestedLoopNest } from './nested-loop-nest.js';
import type { HashJoin } from './hash-join.js';
import type { HashNest } from './hash-nest.js';
import type { ValueScan } from './value-scan.js';
import type { With } from './with.js';
import type { WindowAggregate } from './window-aggregate.js';
import type { Merge } from './merge.js';

/** Scans that yield document keys from indexes (the children of IntersectScan / UnionScan). */
export type KeySource = IndexScan3 | DistinctScan | IntersectScan | OrderedIntersectScan | UnionScan;

/**
 * One plan operator: a node of the tree the planner builds, the executor runs and EXPLAIN
 * prints (couchbase/query `plan/`). Every node names itself in `"#operator"`; fields are the
 * reference's (snake_case as it prints them), expressions are AST; fields whose name starts
 * with `_` are the planner's notes to the executor and are not printed.
 * To add an operator: a file here with its interface, a member in this union, and an executor
 * file of the same name registered in src/executor/compile-operator.ts.
 */
export type Operator =
  | Sequence
  | Parallel
  | DummyScan
  | PrimaryScan3
  | PrimaryScan
  | KeyScan
  | ExpressionScan
  | KeySource
  | IndexCountScan2
  | IndexCountDistinctScan2
  | CountScan
  | IndexCountProject
  | Fetch
  | Alias
  | Filter
  | Let
  | Unnest
  | Join
  | Nest
  | IndexJoin
  | IndexNest
  | NestedLoopJoin
  | NestedLoopNest
  | HashJoin
  | HashNest
  | InitialGroup
  | IntermediateGroup
  | FinalGroup
  | InitialProject
  | Distinct
  | Order
  | Offset
  | Limit
  | UnionAll
  | IntersectAll
  | ExceptAll
  | ValueScan
  | SendInsert
  | Clone
  | Set
  | Unset
  | SendUpdate
  | SendDelete
  | IndexDdl
  | SequenceDdl
  | With
  | WindowAggregate
  | Merge
  | TransactionOperator
  | CreateFunction
  | DropFunction
  | ExecuteFunction
  | Advise;

/** The name of an operator (`"#operator"`). */
export type OperatorName = Operator['#operator'];

/** An expression subquery of the statement, planned (EXPLAIN's `~subqueries`). */
export interface SubqueryPlan {
  /** Where the subquery is in the statement text (`offset:length`): how the executor finds its plan. */
  _at: string;
  correlated: boolean;
  plan: Operator;
  /** The subquery's canonical text. */
  subquery: string;
}

/** What the planner produces for a statement: the operator tree and its expression subqueries. */
export interface StatementPlan {
  plan: Operator;
  '~subqueries': SubqueryPlan[];
  /** What became of the optimizer hints (EXPLAIN's `optimizer_hints`: followed, not followed, with error). */
  optimizer_hints?: Record<string, string[]>;
}

/** Every operator of a tree, pre-order (the tree's children: `~children`, `~child`, scans, set operands). */
export function* operators(op: Operator): Generator<Operator> {
  yield op;
  switch (op['#operator']) {
    case 'Sequence':
    case 'UnionAll':
      for (const c of op['~children']) yield* operators(c);
      break;
    case 'Parallel':
    case 'With':
    case 'NestedLoopJoin':
    case 'NestedLoopNest':
    case 'HashJoin':
    case 'HashNest':
      yield* operators(op['~child']);
      break;
    case 'IndexJoin':
    case 'IndexNest':
      yield* operators(op._scan);
      break;
    case 'DistinctScan':
      yield* operators(op.scan);
      break;
    case 'IntersectScan':
    case 'OrderedIntersectScan':
    case 'UnionScan':
      for (const c of op.scans) yield* operators(c);
      break;
    case 'IntersectAll':
    case 'ExceptAll':
      yield* operators(op.first);
      yield* operators(op.second);
      break;
    case 'Merge':
      for (const c of [op.update, op.delete, op.insert]) if (c) yield* operators(c);
      break;
  }
}
