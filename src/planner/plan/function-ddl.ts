import type { CreateFunctionStatement, DropFunctionStatement, Expr, KeyspaceRef } from '../../ast/index.js';

/**
 * `CREATE FUNCTION`: stores the function. `name` is the name as written (resolved against the
 * request's query context when it runs). Source: couchbase/query `plan/create_function.go`.
 */
export interface CreateFunction {
  '#operator': 'CreateFunction';
  name: string;
  _statement: CreateFunctionStatement;
}

/** `DROP FUNCTION`. Source: couchbase/query `plan/drop_function.go`. */
export interface DropFunction {
  '#operator': 'DropFunction';
  name: string;
  _statement: DropFunctionStatement;
}

/** `EXECUTE FUNCTION name(arguments)`: one row, the function's value. Source: couchbase/query `plan/execute_function.go`. */
export interface ExecuteFunction {
  '#operator': 'ExecuteFunction';
  name: string;
  arguments: Expr[];
  _ref: KeyspaceRef;
}
