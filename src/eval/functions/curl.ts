import { ErrorCode, QueryError } from '../../errors/index.js';
import type { FunctionDef } from './function-def.js';

/**
 * `CURL(url [, options])`: known as a function (a statement or a user-defined function's body
 * that calls it parses and plans, as in the reference), but tokenql makes no HTTP requests from
 * queries: evaluating it raises 1020 "not supported". Source: couchbase/query
 * `expression/func_curl.go` (arguments: a URL and an options object).
 */
export const curlFunctions: FunctionDef[] = [
  {
    name: 'CURL',
    minArgs: 1,
    maxArgs: 2,
    nulls: 'custom',
    volatile: true,
    fn: () => {
      throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: 'CURL() is not supported: tokenql makes no HTTP requests from queries' });
    },
  },
];
