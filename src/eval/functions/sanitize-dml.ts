/**
 * SANITIZE's printer for queries and DML (SELECT, INSERT/UPSERT, UPDATE, DELETE, MERGE) in the
 * reference's `String()` forms, e.g. `select (`orders`.`x`) from `default`:`orders` where
 * ((`orders`.`x`) = $_n1)` and `delete from `default`:`orders` as orders use keys $_n1`.
 * Parameters are numbered in the reference's clause order, which is not always print order
 * (DELETE numbers LIMIT before OFFSET but prints OFFSET first; a block numbers LET, WHERE,
 * GROUP BY, LETTING, HAVING before its projection). Source: couchbase/query
 * `algebra/*.go` String methods as the reference prints them through SANITIZE.
 */
import type {
  DeleteStatement, Expr, FromTerm, IndexHint, InsertStatement, KeyspaceRef, LetBinding, MergeStatement, ResultTerm, Returning, SelectBody, SelectStatement,
  SetClause, Subselect, UpdateStatement,
} from '../../ast/index.js';
import { printName } from '../../ast/print-expr.js';
import type { WindowSpec } from '../../ast/window.js';
import { sanitizeExpr, type SanitizeScope } from './sanitize-expr.js';

/** `` `default`:`a`.`b` `` — the keyspace path with its namespace (default `default`). */
export function sanitizeKeyspace(k: KeyspaceRef): string {
  return printName(k.namespace ?? 'default') + ':' + k.path.map((p) => printName(p)).join('.');
}

/** `` `default`:`name` `` for a global function, else the function's keyspace path. */
export function functionName(k: KeyspaceRef): string {
  return k.path.length === 1 ? printName(k.namespace ?? 'default') + ':' + printName(k.path[0]!) : sanitizeKeyspace(k);
}

/** The alias a keyspace is known by: its AS alias or the last element of its path. */
function keyspaceAlias(k: KeyspaceRef): string {
  return k.alias ?? k.path[k.path.length - 1]!;
}

/** ` use index(…)` in DML, ` use index (…)` in a FROM term (`space`), as the reference prints them. */
function useIndex(h: IndexHint[] | undefined, space = false): string {
  return h ? ` use index${space ? ' ' : ''}(${h.map((i) => i.name + (i.using ? ' using ' + i.using.toLowerCase() : '')).join(', ')})` : '';
}

function lets(ls: LetBinding[], scope: SanitizeScope): [string, SanitizeScope] {
  let s = scope;
  const parts: string[] = [];
  for (const l of ls) {
    parts.push(`${printName(l.name)} = ${sanitizeExpr(l.expr, s)}`);
    s = { ...s, bound: new Set([...s.bound, l.name]) };
  }
  return [parts.join(', '), s];
}

function resultTerm(t: ResultTerm, scope: SanitizeScope): string {
  if (t.kind === 'Star') return 'self.*';
  if (t.kind === 'PathStar') return sanitizeExpr(t.expr, scope) + '.*';
  return sanitizeExpr(t.expr, scope) + (t.alias !== undefined ? ' as ' + printName(t.alias) : '');
}

function returning(r: Returning | undefined, scope: SanitizeScope): string {
  if (!r) return '';
  return ' returning ' + (r.raw ? 'raw ' : '') + r.terms.map((t) => resultTerm(t, scope)).join(', ');
}

/** The aliases a FROM clause binds, in order. */
function fromAliases(f: FromTerm, withNames: ReadonlySet<string>): string[] {
  switch (f.kind) {
    case 'KeyspaceTerm':
      return [keyspaceAlias(f.keyspace)];
    case 'ExpressionTerm':
      return f.alias !== undefined ? [f.alias] : f.expr.kind === 'Identifier' && withNames.has(f.expr.name) ? [f.expr.name] : [];
    case 'UnnestTerm':
      return [...fromAliases(f.left, withNames), ...(f.alias !== undefined ? [f.alias] : [])];
    case 'JoinTerm':
      return [...fromAliases(f.left, withNames), ...fromAliases(f.right, withNames)];
  }
}

function fromTerm(f: FromTerm, scope: SanitizeScope): string {
  switch (f.kind) {
    case 'KeyspaceTerm': {
      const k = f.keyspace;
      if (k.namespace === undefined && k.path.length === 1 && scope.withNames?.has(k.path[0]!)) return `(${printName(k.path[0]!)})` + (k.alias !== undefined ? ' as ' + printName(k.alias) : '');
      const keys = f.useKeys ? ' use keys ' + sanitizeExpr(f.useKeys, scope) : '';
      return sanitizeKeyspace(f.keyspace) + (f.keyspace.alias !== undefined ? ' as ' + printName(f.keyspace.alias) : '') + keys + useIndex(f.useIndex, true);
    }
    case 'ExpressionTerm': {
      if (f.expr.kind === 'Subquery') return `(${selectStatement(f.expr.query, scope)})` + (f.alias !== undefined ? ' as ' + f.alias : '');
      const e = sanitizeExpr(f.expr, scope);
      return (f.expr.kind === 'Identifier' ? `(${e})` : e) + (f.alias !== undefined ? ' as ' + printName(f.alias) : '');
    }
    case 'UnnestTerm': {
      const left = fromTerm(f.left, scope);
      return `${left} ${f.outer ? 'left outer ' : ''}unnest ${sanitizeExpr(f.expr, scope)}${f.alias !== undefined ? ' as ' + printName(f.alias) : ''}`;
    }
    case 'JoinTerm': {
      const left = fromTerm(f.left, scope);
      const right = fromTerm(f.right, scope);
      if (f.comma) return `${left}, ${right}`;
      const type = f.type === 'INNER' ? '' : f.type === 'LEFT' ? 'left outer ' : 'right outer ';
      let on: string;
      if (f.onKeys) on = `on keys ${f.validate ? 'validate ' : ''}${sanitizeExpr(f.onKeys, scope)}`;
      else if (f.onKey) on = `on key ${sanitizeExpr(f.onKey, scope)} for ${printName(f.forAlias!)}`;
      else on = `on ${sanitizeExpr(f.on!, scope)}`;
      return `${left} ${type}${f.nest ? 'nest' : 'join'} ${right} ${on}`;
    }
  }
}

function subselect(b: Subselect, outer: SanitizeScope): string {
  const aliases = b.from ? fromAliases(b.from, outer.bound) : [];
  const windows = new Map<string, WindowSpec>((b.window ?? []).map((w) => [w.name, w.spec]));
  let scope: SanitizeScope = {
    ...outer,
    alias: aliases.length === 1 ? aliases[0] : aliases.length === 0 ? outer.alias : undefined,
    ambiguous: aliases.length > 1 || (aliases.length === 0 && outer.ambiguous),
    recursiveCte: false,
    bound: new Set([...outer.bound, ...aliases]),
    windows,
  };
  const from = b.from ? ' from ' + fromTerm(b.from, scope) : '';
  let let_ = '';
  if (b.let) {
    const [l, s] = lets(b.let, scope);
    let_ = ' let ' + l;
    scope = s;
  }
  const where = b.where ? ' where ' + sanitizeExpr(b.where, scope) : '';
  let group = '';
  if (b.groupBy) {
    const g = b.groupBy;
    group = '  group by ' + g.keys.map((k) => sanitizeExpr(k.expr, scope) + (k.alias !== undefined ? ' as ' + printName(k.alias) : '')).join(', ');
    if (g.letting) {
      const [l, s] = lets(g.letting, scope);
      group += ' letting ' + l;
      scope = s;
    }
    if (g.having) group += ' having ' + sanitizeExpr(g.having, scope);
  }
  const proj = b.projection.map((t) => resultTerm(t, scope));
  const head = 'select ' + (b.distinct ? 'distinct ' : '') + (b.raw ? 'raw ' : '') + proj.join(', ');
  return head + from + let_ + where + group;
}

/**
 * A block or set operation: `left union all right` in lower case; the anchor and recursive
 * blocks of a WITH RECURSIVE binding print as the reference's recursive CTE, `(anchor) UNION rec`.
 */
function selectBody(b: SelectBody, scope: SanitizeScope, recursive = false): string {
  if (b.kind === 'Subselect') return subselect(b, scope);
  const left = selectBody(b.left, scope);
  const right = selectBody(b.right, scope);
  if (recursive) return `(${left}) ${b.op}${b.all ? ' ALL' : ''} ${right}`;
  return `${left} ${b.op.toLowerCase()}${b.all ? ' all' : ''} ${right}`;
}

/** A SELECT statement (WITH, body, ORDER BY, LIMIT, OFFSET), sanitized. */
export function selectStatement(q: SelectStatement, outer: SanitizeScope): string {
  let scope = outer;
  let withText = '';
  const w = q.with ?? q.body.with;
  if (w) {
    const parts: string[] = [];
    for (const b of w.bindings) {
      const names = w.recursive ? [b.alias] : [];
      const inner: SanitizeScope = { ...scope, bound: new Set([...scope.bound, ...names]), withNames: new Set([...(scope.withNames ?? []), ...names]), recursiveCte: w.recursive };
      let e: string;
      if (b.expr.kind !== 'Subquery') e = sanitizeExpr(b.expr, inner);
      else {
        const text = selectStatement(b.expr.query, inner);
        e = b.expr.query.body.kind === 'SetOperation' ? text : `(${text})`;
      }
      parts.push(`${printName(b.alias)} AS ( ${e} )`);
      scope = { ...scope, bound: new Set([...scope.bound, b.alias]), withNames: new Set([...(scope.withNames ?? []), b.alias]) };
    }
    withText = 'WITH ' + (w.recursive ? 'RECURSIVE ' : '') + parts.join(' , ') + ' ';
  }
  let body = selectBody(q.body, scope, outer.recursiveCte === true);
  if (q.orderBy) {
    const aliasScope = q.body.kind === 'Subselect' ? blockScope(q.body, scope) : scope;
    body +=
      '  ORDER BY ' +
      q.orderBy
        .map((o) => {
          const e = sanitizeExpr(o.expr, aliasScope);
          const dir = o.direction ? ' ' + sanitizeExpr(o.direction, aliasScope) : o.desc ? ' ' + sanitizeExpr({ kind: 'Literal', value: 'desc' }, aliasScope) : '';
          // The reference prints NULLS LAST (either direction) and omits NULLS FIRST.
          const nulls = o.nulls === 'LAST' ? ' NULLS LAST' : '';
          return e + dir + nulls;
        })
        .join(', ');
  }
  if (q.limit) body += ' limit ' + sanitizeExpr(q.limit, scope);
  if (q.offset) body += ' offset ' + sanitizeExpr(q.offset, scope);
  return withText + body;
}

function blockScope(b: Subselect, outer: SanitizeScope): SanitizeScope {
  const aliases = b.from ? fromAliases(b.from, outer.bound) : [];
  const names = [...aliases, ...(b.let ?? []).map((l) => l.name), ...b.projection.flatMap((t) => (t.kind === 'Term' && t.alias !== undefined ? [t.alias] : []))];
  return { ...outer, alias: aliases.length === 1 ? aliases[0] : undefined, ambiguous: aliases.length > 1, bound: new Set([...outer.bound, ...names]) };
}

function dmlScope(outer: SanitizeScope, alias: string): SanitizeScope {
  return { ...outer, alias, bound: new Set([...outer.bound, alias]), metaAlias: true };
}

/** DELETE: `delete from ks as alias use keys … where … offset … limit … returning …`. */
export function deleteStatement(d: DeleteStatement, outer: SanitizeScope): string {
  const alias = keyspaceAlias(d.keyspace);
  let scope = dmlScope(outer, alias);
  const keys = d.useKeys ? ' use keys ' + sanitizeExpr(d.useKeys, scope) : '';
  let let_ = '';
  if (d.let) {
    const [l, s] = lets(d.let, scope);
    let_ = ' let ' + l;
    scope = s;
  }
  const where = d.where ? ' where ' + sanitizeExpr(d.where, scope) : '';
  const limit = d.limit ? ' limit ' + sanitizeExpr(d.limit, scope) : '';
  const offset = d.offset ? ' offset ' + sanitizeExpr(d.offset, scope) : '';
  const hints = d.useIndex;
  return `delete from ${sanitizeKeyspace(d.keyspace)} as ${alias}${keys}${useIndex(hints)}${let_}${where}${offset}${limit}${returning(d.returning, scope)}`;
}

/** A SET/UNSET path: printed relative to the document, not formalized against the alias. */
function setPath(p: Expr, scope: SanitizeScope, forVars: ReadonlySet<string> = new Set()): string {
  if (p.kind === 'Identifier') {
    const a = scope.alias;
    return a === undefined || forVars.has(p.name) || scope.bound.has(p.name) ? printName(p.name) : `${printName(a)}.${printName(p.name)}`;
  }
  if (p.kind === 'Field') {
    const t = p.target.kind === 'FunctionCall' && p.target.name.toLowerCase() === 'meta' ? sanitizeExpr(p.target, scope) : setPath(p.target, scope, forVars);
    return `${t}.${printName(p.name)}`;
  }
  return sanitizeExpr(p, { ...scope, parameterize: false, alias: undefined });
}

function setClauses(set: SetClause[], scope: SanitizeScope): string {
  return set
    .map((c) => {
      const path = setPath(c.path, scope, new Set(c.for?.bindings.map((b) => b.variable)));
      const value = sanitizeExpr(c.value, scope);
      let s = `${path} = ${value}`;
      if (c.for) s += forClause(c.for, scope);
      return s;
    })
    .join(', ');
}

function forClause(f: NonNullable<SetClause['for']>, scope: SanitizeScope): string {
  const parts = f.bindings.map((b) => `${b.variable} ${b.within ? 'within' : 'in'} ${sanitizeExpr(b.expr, scope)}`);
  const inner = { ...scope, bound: new Set([...scope.bound, ...f.bindings.map((b) => b.variable)]) };
  return ` for ${parts.join(', ')}${f.when ? ' when ' + sanitizeExpr(f.when, inner) : ''} end`;
}

/** UPDATE: `update ks as `alias` use keys … set … unset … where … limit … returning …`. */
export function updateStatement(u: UpdateStatement, outer: SanitizeScope): string {
  const alias = keyspaceAlias(u.keyspace);
  let scope = dmlScope(outer, alias);
  const keys = u.useKeys ? ' use keys ' + sanitizeExpr(u.useKeys, scope) : '';
  let let_ = '';
  if (u.let) {
    const [l, s] = lets(u.let, scope);
    let_ = ' let ' + l;
    scope = s;
  }
  const hints = u.useIndex;
  const set = u.set.length ? ' set ' + setClauses(u.set, scope) : '';
  const unset = u.unset.length ? ' unset ' + u.unset.map((p, i) => setPath(p, scope, new Set(u.unsetFor?.[i]?.bindings.map((b) => b.variable))) + (u.unsetFor?.[i] ? forClause(u.unsetFor[i]!, scope) : '')).join(', ') : '';
  const where = u.where ? ' where ' + sanitizeExpr(u.where, scope) : '';
  const limit = u.limit ? ' limit ' + sanitizeExpr(u.limit, scope) : '';
  return `update ${sanitizeKeyspace(u.keyspace)} as ${printName(alias)}${keys}${useIndex(hints)}${let_}${set}${unset}${where}${limit}${returning(u.returning, scope)}`;
}

/** INSERT/UPSERT with VALUES rows or a SELECT source. */
export function insertStatement(i: InsertStatement, outer: SanitizeScope): string {
  const alias = keyspaceAlias(i.keyspace);
  const scope: SanitizeScope = { ...outer, alias: undefined, bound: new Set([...outer.bound, alias]), metaAlias: false };
  const head = `${i.upsert ? 'upsert' : 'insert'} into ${sanitizeKeyspace(i.keyspace)} as ${printName(alias)}`;
  let body = '';
  if (i.values) {
    body = ' values' + i.values.map((r) => '(' + [r.key, r.value, r.options].filter((x): x is Expr => x !== undefined).map((x) => sanitizeExpr(x, scope)).join(',') + ')').join(',');
  } else if (i.select) {
    const s = i.select;
    const parts = ['key ' + sanitizeExpr(s.key, scope)];
    if (s.value) parts.push('value ' + sanitizeExpr(s.value, scope));
    if (s.options) parts.push('options ' + sanitizeExpr(s.options, scope));
    body = ` (${parts.join(', ')}) ` + selectStatement(s.query, outer);
  }
  const retScope: SanitizeScope = { ...outer, alias, bound: new Set([...outer.bound, alias]), metaAlias: true };
  return head + body + returning(i.returning, retScope);
}

/** MERGE: `merge into ks as `t` using … on … when matched then update set … …`. */
export function mergeStatement(m: MergeStatement, outer: SanitizeScope, hints: string): string {
  const target = keyspaceAlias(m.target.keyspace);
  const source = m.source.kind === 'KeyspaceTerm' ? keyspaceAlias(m.source.keyspace) : m.source.alias;
  const scope: SanitizeScope = { ...outer, alias: undefined, bound: new Set([...outer.bound, target, ...(source !== undefined ? [source] : [])]), metaAlias: false };
  let s = `merge ${hints}into ${sanitizeKeyspace(m.target.keyspace)} as ${printName(target)}${useIndex(m.target.useIndex)} using `;
  if (m.source.kind === 'KeyspaceTerm') s += sanitizeKeyspace(m.source.keyspace) + ' as ' + printName(source!);
  else s += fromTerm(m.source, outer);
  s += m.onKey ? ' on key ' + sanitizeExpr(m.onKey, scope) : ' on ' + sanitizeExpr(m.on!, scope);
  if (m.update) {
    s += ' when matched then update';
    if (m.update.set.length) s += ' set ' + setClauses(m.update.set, scope);
    if (m.update.unset.length) s += ' unset ' + m.update.unset.map((p) => setPath(p, scope)).join(', ');
    if (m.update.where) s += ' where ' + sanitizeExpr(m.update.where, scope);
  }
  if (m.delete) s += ' when matched then delete' + (m.delete.where ? ' where ' + sanitizeExpr(m.delete.where, scope) : '');
  if (m.insert) {
    const ins = m.insert;
    s += ' when not matched then insert';
    if (ins.key !== undefined || ins.options !== undefined) {
      const parts: string[] = [];
      if (ins.key) parts.push('key ' + sanitizeExpr(ins.key, scope));
      if (ins.value) parts.push('value ' + sanitizeExpr(ins.value, scope));
      if (ins.options) parts.push('options ' + sanitizeExpr(ins.options, scope));
      s += `(${parts.join(', ')})`;
    } else if (ins.value) s += ' ' + sanitizeExpr(ins.value, scope);
    // The reference formalizes the INSERT action's WHERE against the source alias only.
    if (ins.where) s += ' where ' + sanitizeExpr(ins.where, { ...outer, alias: source, bound: new Set([...outer.bound, ...(source !== undefined ? [source] : [])]), metaAlias: false });
  }
  if (m.limit) s += ' limit ' + sanitizeExpr(m.limit, scope);
  return s + returning(m.returning, scope);
}
