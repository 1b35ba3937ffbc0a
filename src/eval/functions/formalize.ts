/**
 * FORMALIZE(text [, keyspace]), alias FORMALISE: N1QL expression (or statement) text parsed and
 * printed back in canonical form: keywords lower-case, names backticked, operators
 * parenthesised, strings double-quoted (`FORMALIZE("a+1")` is "(`a` + 1)"). The keyspace
 * argument is accepted and, as in the reference, does not change the text. MISSING text →
 * MISSING; a non-string → NULL; text that does not parse → error 5010.
 * Source: couchbase/query `expression/func_meta.go` `Formalize`, checked against the reference.
 */
import { evaluationError, QueryError } from '../../errors/index.js';
import { parseExpression, parseStatement } from '../../syntax/parse.js';
import { printExpr, printStatement } from '../../ast/print.js';
import type { FunctionDef } from './function-def.js';

function formalize(text: string): string {
  try {
    return /^\s*(select|with)\b/i.test(text) ? printStatement(parseStatement(text)) : printExpr(parseExpression(text));
  } catch (e) {
    if (e instanceof QueryError && e.phase === 'parse') throw evaluationError(`Invalid expression: ${e.message}`, e);
    throw e;
  }
}

export const formalizeFunctions: FunctionDef[] = [
  {
    name: 'FORMALIZE',
    aliases: ['FORMALISE'],
    minArgs: 1,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([text]) => (text === undefined ? undefined : typeof text === 'string' ? formalize(text) : null),
  },
];
