import type { Expr, SelectStatement, Statement } from '../ast/index.js';
import { implicitName, keyspaceAlias } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';

/**
 * An ORDER BY direction or NULLS position written as a name (`ORDER BY rating dir`) must be a
 * parameter of the user-defined function whose body holds the query; any other name raises
 * 3291 "ORDER BY direction '(`product`.`color`)' is not a valid constant, named, positional or
 * function parameter." (the name formalized: a LET variable as itself, else a field of the
 * block's FROM term). Source: the reference's answers (couchbase/query `algebra/order.go`).
 */
export function checkOrderParameters(s: Statement): void {
  visit(s, new Set());
}

function visit(node: unknown, params: ReadonlySet<string>): void {
  if (Array.isArray(node)) {
    for (const x of node) visit(x, params);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.kind === 'CreateFunction') {
    visit(o.body, new Set((o.params as string[] | undefined) ?? ['args']));
    return;
  }
  if (o.kind === 'Select') checkSelect(o as unknown as SelectStatement, params);
  for (const [k, v] of Object.entries(o)) if (k !== 'loc') visit(v, params);
}

function checkSelect(s: SelectStatement, params: ReadonlySet<string>): void {
  for (const t of s.orderBy ?? []) {
    check(t.direction, 'ORDER BY direction', s, params);
    check(t.nullsPosition, 'NULLS position', s, params);
  }
}

function check(e: Expr | undefined, what: string, s: SelectStatement, params: ReadonlySet<string>): void {
  if (!e || e.kind !== 'Identifier' || params.has(e.name)) return;
  const block = s.body.kind === 'Subselect' ? s.body : undefined;
  // A LET variable or a WITH binding (`with.bindings[].alias`, read loosely: the WITH clause is
  // another part's) prints as itself.
  const withs = (s as { with?: { bindings?: { alias?: string }[] } }).with?.bindings ?? [];
  const isVariable = (block?.let?.some((l) => l.name === e.name) ?? false) || withs.some((b) => b.alias === e.name);
  const from = block?.from;
  const alias =
    from?.kind === 'KeyspaceTerm' ? keyspaceAlias(from.keyspace) : from?.kind === 'ExpressionTerm' ? (from.alias ?? implicitName(from.expr)) : undefined;
  const text = !isVariable && alias !== undefined ? `(\`${alias}\`.\`${e.name}\`)` : `\`${e.name}\``;
  throw new QueryError({ code: ErrorCode.ORDER_PARAMETER, phase: 'semantic', message: `${what} '${text}' is not a valid constant, named, positional or function parameter.`, position: e.loc });
}
