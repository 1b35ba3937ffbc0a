import type { CreateFunctionStatement, DropFunctionStatement, KeyspaceRef } from '../../ast/index.js';
import type { FunctionIdentity } from './function-catalog.js';
import type { FunctionRuntime } from './function-runtime.js';

/** What the function operators of a request reach (RunContext.udf): the runtime, and CREATE / DROP FUNCTION. */
export interface FunctionServices {
  runtime: FunctionRuntime;
  /** The identity a function name of a statement resolves to (the request's query context applied). */
  identity(ref: KeyspaceRef): FunctionIdentity;
  create(s: CreateFunctionStatement): Promise<void>;
  drop(s: DropFunctionStatement): Promise<void>;
  /** The rows of `system:functions`. */
  rows(): import('../../values/index.js').Value[];
}
