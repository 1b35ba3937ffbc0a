/**
 * SANITIZE(statement), alias SANITIZE_STATEMENT: the statement text parsed and printed back as
 * the reference prints it, with the constants of queries and DML replaced by parameters:
 * `{"statement": "select $_n1", "parametersMap": {"$_n1": 1}}` (`parametersMap` is null when
 * there is none). DDL keeps its constants; passwords print as `"****"`. MISSING → MISSING; a
 * non-string → NULL; text that does not parse → error 5010 wrapping the syntax error (3000).
 * Source: couchbase/query `expression/func_sanitize.go`, checked against the reference.
 */
import { ErrorCode, evaluationError, QueryError } from '../../errors/index.js';
import type { Statement } from '../../ast/index.js';
import { printName } from '../../ast/print-expr.js';
import { parseStatement } from '../../syntax/parse.js';
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { inferText, type SanitizeScope } from './sanitize-expr.js';
import { deleteStatement, insertStatement, mergeStatement, selectStatement, updateStatement } from './sanitize-dml.js';
import { sanitizeOtherStatement } from './sanitize-ddl.js';

function newScope(): SanitizeScope {
  return { params: new Map(), parameterize: true, bound: new Set(), metaAlias: true, subquery: (q, s) => selectStatement(q, s) };
}

/** Prints `st` sanitized, collecting parameters into `scope`. */
export function sanitizeStatement(st: Statement, scope: SanitizeScope, text: string): string {
  switch (st.kind) {
    case 'Select': {
      const b = st.body;
      const t = b.kind === 'Subselect' && b.raw && !b.from && b.projection[0]?.kind === 'Term' ? b.projection[0].expr : undefined;
      if (t?.kind === 'FunctionCall' && t.name.startsWith('#INFER_')) return inferText(t, scope);
      return selectStatement(st, scope);
    }
    case 'Delete':
      return deleteStatement(st, scope);
    case 'Update':
      return updateStatement(st, scope);
    case 'Insert':
      return insertStatement(st, scope);
    case 'Merge': {
      const m = /^\s*merge\s*(\/\*\+[\s\S]*?\*\/)/i.exec(text);
      let hints = '';
      if (m) {
        hints = m[1]!.replace(/\b(USE_HASH|USE_NL|INDEX|NO_INDEX)\s*\(\s*([A-Za-z_][\w]*)/g, (_, h: string, a: string) => `${h}(${printName(a)}`) + ' ';
      }
      return mergeStatement(st, scope, hints);
    }
    case 'Explain':
      return 'EXPLAIN ' + sanitizeStatement(st.statement, scope, text.replace(/^\s*explain\s+/i, ''));
    case 'Prepare': {
      const inner = sanitizeStatement(st.statement, scope, st.text);
      return `PREPARE ${st.force ? 'FORCE ' : ''}${st.save ? 'SAVE ' : ''}${st.name !== undefined ? printName(st.name) + ' ' : ''}AS ${inner}`;
    }
    default: {
      // `ADVISE statement` (its AST node belongs to the index advisor): `ADVISE ` + the statement.
      const advise = st as unknown as { kind: string; statement?: Statement };
      if (advise.kind === 'Advise' && advise.statement) return 'ADVISE ' + sanitizeStatement(advise.statement, scope, text.replace(/^\s*advise\s+(index\s+)?/i, ''));
      return sanitizeOtherStatement(st, scope, text);
    }
  }
}

function sanitize(text: string): Value {
  let st: Statement;
  try {
    st = parseStatement(text);
  } catch (e) {
    if (e instanceof QueryError && e.phase === 'parse') throw evaluationError('Error evaluating projection', e);
    throw e;
  }
  const scope = newScope();
  let statement: string;
  try {
    statement = sanitizeStatement(st, scope, text);
  } catch (e) {
    if (e instanceof QueryError && e.code === ErrorCode.AMBIGUOUS_REFERENCE) throw evaluationError('Error evaluating projection', e);
    throw e;
  }
  const params: Record<string, Value> = {};
  for (const [k, v] of scope.params) params['$' + k] = v;
  return { parametersMap: scope.params.size ? params : null, statement };
}

export const sanitizeFunctions: FunctionDef[] = [
  {
    name: 'SANITIZE',
    aliases: ['SANITIZE_STATEMENT'],
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    fn: ([text]) => (text === undefined ? undefined : typeof text === 'string' ? sanitize(text) : null),
  },
];
