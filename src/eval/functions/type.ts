/**
 * Type-checking functions. Reference: couchbase/query `expression/func_type_check.go`.
 * TYPE sees MISSING and NULL (it names them); the IS_* checks return MISSING for MISSING and
 * NULL for NULL ('strict'), else TRUE/FALSE.
 */
import { Kind, kindOf, typeName, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';

function isKind(name: string, aliases: string[], test: (k: Kind) => boolean): FunctionDef {
  return { name, aliases, minArgs: 1, maxArgs: 1, nulls: 'strict', fn: ([v]) => test(kindOf(v)) };
}

export const typeFunctions: FunctionDef[] = [
  {
    /** TYPE(v): "missing", "null", "boolean", "number", "string", "array" or "object". */
    name: 'TYPE',
    aliases: ['TYPENAME', 'TYPE_NAME'],
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    fn: ([v]): Value => typeName(v),
  },
  /** IS_ARRAY(v) */
  isKind('IS_ARRAY', ['ISARRAY'], (k) => k === Kind.ARRAY),
  /** IS_ATOM(v): true for booleans, numbers and strings. */
  isKind('IS_ATOM', ['ISATOM'], (k) => k === Kind.BOOLEAN || k === Kind.NUMBER || k === Kind.STRING),
  /** IS_BOOLEAN(v) */
  isKind('IS_BOOLEAN', ['IS_BOOL', 'ISBOOL', 'ISBOOLEAN'], (k) => k === Kind.BOOLEAN),
  /** IS_NUMBER(v) */
  isKind('IS_NUMBER', ['IS_NUM', 'ISNUM', 'ISNUMBER'], (k) => k === Kind.NUMBER),
  /** IS_OBJECT(v) */
  isKind('IS_OBJECT', ['IS_OBJ', 'ISOBJ', 'ISOBJECT'], (k) => k === Kind.OBJECT),
  /** IS_STRING(v) */
  isKind('IS_STRING', ['IS_STR', 'ISSTR', 'ISSTRING'], (k) => k === Kind.STRING),
  /** IS_BINARY(v): FALSE for every JSON value (tokenql has no binary documents). */
  isKind('IS_BINARY', ['IS_BIN', 'ISBIN', 'ISBINARY'], () => false),
];
