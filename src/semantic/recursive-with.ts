import type { FromTerm, SelectBody, SelectStatement, WithBinding } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { hasAggregate } from './analyze.js';

/**
 * A recursive common table expression split at its top-level UNION: the anchor clause (run
 * once) and the recursive clause (run per level with the alias bound to the previous level's
 * rows). `union`: UNION (rows seen before are dropped) rather than UNION ALL.
 */
export interface RecursiveSplit {
  anchor: SelectStatement;
  recursive: SelectStatement;
  union: boolean;
}

const error = (code: number, message: string, b: WithBinding) => new QueryError({ code, phase: 'semantic', message, position: b.loc });

/** True for a FROM term that reads `alias` itself (`FROM cte`, `FROM cte AS m`). */
function readsAlias(t: FromTerm, alias: string): boolean {
  if (t.kind === 'KeyspaceTerm') return t.keyspace.namespace === undefined && t.keyspace.path.length === 1 && t.keyspace.path[0] === alias;
  return t.kind === 'ExpressionTerm' && t.expr.kind === 'Identifier' && t.expr.name === alias;
}

/**
 * Whether a set operand's FROM clauses read `alias`, as couchbase/query `algebra/check_recursion.go`:
 * UNNEST and NEST are not supported in a recursive WITH (3304), and the alias may be read once (3302).
 */
function checkRecursive(body: SelectBody, b: WithBinding, state: { found: boolean }): void {
  if (body.kind === 'SetOperation') {
    checkRecursive(body.left, b, state);
    checkRecursive(body.right, b, state);
    return;
  }
  const visit = (t: FromTerm | undefined): void => {
    if (!t) return;
    switch (t.kind) {
      case 'UnnestTerm':
        throw error(ErrorCode.RECURSION_UNSUPPORTED, 'recursive_with_unsupported: UNNEST', b);
      case 'JoinTerm':
        if (t.nest) throw error(ErrorCode.RECURSION_UNSUPPORTED, 'recursive_with_unsupported: NEST', b);
        visit(t.left);
        visit(t.right);
        return;
      default:
        if (!readsAlias(t, b.alias)) return;
        if (state.found) throw error(ErrorCode.MORE_THAN_ONE_RECURSIVE_REF, `Recursive reference '${b.alias}' must not appear more than once in the FROM clause`, b);
        state.found = true;
    }
  };
  visit(body.from);
}

/** The blocks of a set operation's top level. */
function blocks(body: SelectBody): Extract<SelectBody, { kind: 'Subselect' }>[] {
  return body.kind === 'SetOperation' ? [...blocks(body.left), ...blocks(body.right)] : [body];
}

/** True if a FROM clause has an OUTER (LEFT or RIGHT) join. */
function hasOuterJoin(t: FromTerm | undefined): boolean {
  if (!t || t.kind === 'KeyspaceTerm' || t.kind === 'ExpressionTerm') return false;
  if (t.kind === 'JoinTerm' && t.type !== 'INNER') return true;
  return hasOuterJoin(t.left);
}

/**
 * Splits a binding of a `WITH RECURSIVE` clause (couchbase/query `algebra/with.go`
 * SplitRecursive): a SELECT whose top-level set operation is UNION [ALL], whose right operand
 * reads the alias in FROM and whose left one does not. Anything else is an ordinary binding
 * (undefined). Then checks the rules of every block of the binding's SELECT.
 * @throws QueryError 3301 the anchor clause reads the alias; 3302 the alias read twice;
 *   3304 UNNEST, NEST or OUTER JOIN; 3300 ORDER BY/LIMIT/OFFSET, grouping, aggregates, DISTINCT
 */
export function splitRecursive(b: WithBinding): RecursiveSplit | undefined {
  if (b.expr.kind !== 'Subquery') return undefined;
  const q = b.expr.query;
  let split: RecursiveSplit | undefined;
  if (q.body.kind === 'SetOperation' && q.body.op === 'UNION') {
    const anchor = { found: false };
    checkRecursive(q.body.left, b, anchor);
    if (anchor.found) throw error(ErrorCode.RECURSIVE_ANCHOR, `Anchor Clause cannot have recursive reference in FROM expression: ${b.alias}`, b);
    const rec = { found: false };
    checkRecursive(q.body.right, b, rec);
    if (rec.found) {
      if (q.orderBy || q.limit || q.offset) throw error(ErrorCode.RECURSIVE_WITH_SEMANTICS, 'recursive_with semantics: Order/Limit/Offset not allowed', b);
      const withPart = q.with ? { with: q.with } : {};
      split = {
        anchor: { kind: 'Select', ...withPart, body: q.body.left, loc: q.body.left.loc },
        recursive: { kind: 'Select', ...withPart, body: q.body.right, loc: q.body.right.loc },
        union: !q.body.all,
      };
      if (blocks(q.body.right).some((s) => hasOuterJoin(s.from))) throw error(ErrorCode.RECURSION_UNSUPPORTED, 'recursive_with_unsupported: OUTER JOIN', b);
    }
  }
  for (const s of blocks(q.body)) {
    if (s.groupBy) throw error(ErrorCode.RECURSIVE_WITH_SEMANTICS, 'recursive_with semantics: Grouping is not allowed', b);
    if (s.projection.some((t) => t.kind !== 'Star' && hasAggregate(t.expr))) throw error(ErrorCode.RECURSIVE_WITH_SEMANTICS, 'recursive_with semantics: Aggregates/Window functions are not allowed', b);
    if (s.distinct) throw error(ErrorCode.RECURSIVE_WITH_SEMANTICS, 'recursive_with semantics: Distinct not allowed', b);
  }
  return split;
}
