import { ErrorCode, QueryError } from '../errors/index.js';
import type { Operator } from '../planner/index.js';
import type { CompileContext, CompiledOperator } from './operator-context.js';
import { compileAlias } from './operators/alias.js';
import { compileClone } from './operators/clone.js';
import { compileDistinct } from './operators/distinct.js';
import { compileDistinctScan } from './operators/distinct-scan.js';
import { compileDummyScan } from './operators/dummy-scan.js';
import { compileAdvise } from './operators/advise.js';
import { compileExceptAll } from './operators/except-all.js';
import { compileExpressionScan } from './operators/expression-scan.js';
import { compileFetch } from './operators/fetch.js';
import { compileFilter } from './operators/filter.js';
import { compileFinalGroup } from './operators/final-group.js';
import { compileIndexCountProject } from './operators/index-count-project.js';
import { compileIndexCountScan2 } from './operators/index-count-scan2.js';
import { compileIndexCountDistinctScan2 } from './operators/index-count-distinct-scan2.js';
import { compileCountScan } from './operators/count-scan.js';
import { compileIndexDdl } from './operators/index-ddl.js';
import { compileTransactionOperator } from './operators/transaction.js';
import { compileCreateFunction, compileDropFunction, compileExecuteFunction } from './operators/function-ddl.js';
import { compileIndexScan3 } from './operators/index-scan3.js';
import { compileInitialGroup } from './operators/initial-group.js';
import { compileInitialProject } from './operators/initial-project.js';
import { compileIntermediateGroup } from './operators/intermediate-group.js';
import { compileIntersectAll } from './operators/intersect-all.js';
import { compileIntersectScan } from './operators/intersect-scan.js';
import { compileOrderedIntersectScan } from './operators/ordered-intersect-scan.js';
import { compileKeyScan } from './operators/key-scan.js';
import { compileLet } from './operators/let.js';
import { compileLimit } from './operators/limit.js';
import { compileMerge } from './operators/merge.js';
import { compileOffset } from './operators/offset.js';
import { compileOrder } from './operators/order.js';
import { compileParallel } from './operators/parallel.js';
import { compilePrimaryScan } from './operators/primary-scan.js';
import { compilePrimaryScan3 } from './operators/primary-scan3.js';
import { compileSendDelete } from './operators/send-delete.js';
import { compileSendInsert } from './operators/send-insert.js';
import { compileSendUpdate } from './operators/send-update.js';
import { compileSequence } from './operators/sequence.js';
import { compileSequenceDdl } from './operators/sequence-ddl.js';
import { compileSet } from './operators/set.js';
import { compileUnionAll } from './operators/union-all.js';
import { compileUnionScan } from './operators/union-scan.js';
import { compileUnnest } from './operators/unnest.js';
import { compileJoin } from './operators/join.js';
import { compileNest } from './operators/nest.js';
import { compileIndexJoin } from './operators/index-join.js';
import { compileIndexNest } from './operators/index-nest.js';
import { compileNestedLoopJoin } from './operators/nested-loop-join.js';
import { compileNestedLoopNest } from './operators/nested-loop-nest.js';
import { compileHashJoin } from './operators/hash-join.js';
import { compileHashNest } from './operators/hash-nest.js';
import { compileUnset } from './operators/unset.js';
import { compileValueScan } from './operators/value-scan.js';
import { compileWith } from './operators/with.js';
import { compileWindowAggregate } from './operators/window-aggregate.js';
import { withProfile } from './profile.js';
import { withTimings } from './operator-timings.js';

/** Compiles one operator of its kind. */
type OperatorCompiler<O extends Operator> = (op: O, cx: CompileContext) => CompiledOperator;

/**
 * The executor of every plan operator, by `"#operator"` (one file each under operators/, named
 * as the plan's file; couchbase/query `execution/`). A new operator (a join, a window
 * aggregate) adds its plan file, its executor file and one line here; the type makes a missing
 * line a compile error.
 */
const COMPILERS: { [K in Operator['#operator']]: OperatorCompiler<Extract<Operator, { '#operator': K }>> } = {
  Sequence: compileSequence,
  CreateFunction: compileCreateFunction,
  DropFunction: compileDropFunction,
  ExecuteFunction: compileExecuteFunction,
  Advise: compileAdvise,
  Parallel: compileParallel,
  DummyScan: compileDummyScan,
  PrimaryScan3: compilePrimaryScan3,
  PrimaryScan: compilePrimaryScan,
  KeyScan: compileKeyScan,
  ExpressionScan: compileExpressionScan,
  IndexScan3: compileIndexScan3,
  DistinctScan: compileDistinctScan,
  IntersectScan: compileIntersectScan,
  OrderedIntersectScan: compileOrderedIntersectScan,
  UnionScan: compileUnionScan,
  IndexCountScan2: compileIndexCountScan2,
  IndexCountDistinctScan2: compileIndexCountDistinctScan2,
  CountScan: compileCountScan,
  IndexCountProject: compileIndexCountProject,
  Fetch: compileFetch,
  Alias: compileAlias,
  Filter: compileFilter,
  Let: compileLet,
  Unnest: compileUnnest,
  Join: compileJoin,
  Nest: compileNest,
  IndexJoin: compileIndexJoin,
  IndexNest: compileIndexNest,
  NestedLoopJoin: compileNestedLoopJoin,
  NestedLoopNest: compileNestedLoopNest,
  HashJoin: compileHashJoin,
  HashNest: compileHashNest,
  InitialGroup: compileInitialGroup,
  IntermediateGroup: compileIntermediateGroup,
  FinalGroup: compileFinalGroup,
  InitialProject: compileInitialProject,
  Distinct: compileDistinct,
  Order: compileOrder,
  Offset: compileOffset,
  Limit: compileLimit,
  UnionAll: compileUnionAll,
  IntersectAll: compileIntersectAll,
  ExceptAll: compileExceptAll,
  ValueScan: compileValueScan,
  SendInsert: compileSendInsert,
  SendUpsert: compileSendInsert,
  Clone: compileClone,
  Set: compileSet,
  Unset: compileUnset,
  SendUpdate: compileSendUpdate,
  SendDelete: compileSendDelete,
  CreateIndex: compileIndexDdl,
  CreatePrimaryIndex: compileIndexDdl,
  DropIndex: compileIndexDdl,
  BuildIndexes: compileIndexDdl,
  CreateSequence: compileSequenceDdl,
  AlterSequence: compileSequenceDdl,
  DropSequence: compileSequenceDdl,
  With: compileWith,
  WindowAggregate: compileWindowAggregate,
  Merge: compileMerge,
  StartTransaction: compileTransactionOperator,
  CommitTransaction: compileTransactionOperator,
  RollbackTransaction: compileTransactionOperator,
  Savepoint: compileTransactionOperator,
  TransactionIsolation: compileTransactionOperator,
};

/** Compiles an operator (and its children) into a running operator. @throws QueryError 1020 for an operator this executor does not have. */
export function compileOperator(op: Operator, cx: CompileContext): CompiledOperator {
  const compile = COMPILERS[op['#operator']] as OperatorCompiler<Operator> | undefined;
  if (!compile) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: `The ${op['#operator']} operator is not supported` });
  const compiled = compile(op, cx);
  return { cx: compiled.cx, run: withTimings(op, withProfile(op['#operator'], compiled.run)) };
}
