/**
 * OBJECT_FIELD(o, path): the value of the N1QL expression text `path` evaluated with `o` as the
 * current document, so `"b.c"`, `` "`a b`" ``, `"b[0].c"` and even `"a+1"` work; a name that is
 * absent gives MISSING. MISSING `o` or `path` → MISSING; a non-object `o`, a non-string or
 * empty `path`, or text that is not an expression → NULL. Source: couchbase/query
 * `expression/func_obj.go` `ObjectField`, checked against the reference engine.
 */
import { QueryError } from '../../errors/index.js';
import { isObject } from '../../values/index.js';
import { evaluateExpressionText } from './expression-text.js';
import type { FunctionDef } from './function-def.js';
import { isString } from './support.js';

export const objectFieldFunctions: FunctionDef[] = [
  {
    name: 'OBJECT_FIELD',
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([o, path], ctx) => {
      if (o === undefined || path === undefined) return undefined;
      if (!isObject(o) || !isString(path) || path.trim() === '') return null;
      try {
        return evaluateExpressionText(path, o, ctx);
      } catch (e) {
        // Text that does not parse is NULL; evaluation errors (5010 …) are raised.
        if (e instanceof QueryError && e.phase === 'parse') return null;
        throw e;
      }
    },
  },
];
