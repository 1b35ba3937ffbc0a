/**
 * Statement printer: canonical, re-parseable N1QL text (lower-case keywords, backticked names,
 * fully parenthesised expressions). The per-kind map is exhaustive over `Statement['kind']`.
 */
import type {
  Expr, FromTerm, IndexHint, IndexKey, JoinHint, JoinTerm, KeyspaceRef, LetBinding, OrderTerm, ResultTerm, Returning, SelectBody, SelectStatement, Statement, WithClause,
  SequenceName, SequenceOptions,
} from './index.js';
import { printExpr, printName } from './print-expr.js';
import { printAdmin } from './print-admin.js';

type StatementPrinters = { [K in Statement['kind']]: (s: Extract<Statement, { kind: K }>) => string };

function keyspace(k: KeyspaceRef, withAlias = true): string {
  const ns = k.namespace !== undefined ? printName(k.namespace) + ':' : '';
  const name = k.param ? printExpr(k.param) : k.path.map((p) => printName(p)).join('.');
  return ns + name + (withAlias && k.alias !== undefined ? ' as ' + printName(k.alias) : '');
}

const alias = (a: string | undefined) => (a !== undefined ? ' as ' + printName(a) : '');

function term(t: ResultTerm): string {
  if (t.kind === 'Star') return '*';
  if (t.kind === 'PathStar') return printExpr(t.expr) + '.*';
  return printExpr(t.expr) + alias(t.alias);
}

function projection(raw: boolean, terms: ResultTerm[]): string {
  return raw ? 'raw ' + term(terms[0]!) : terms.map(term).join(', ');
}

function hints(h: { useKeys?: Expr; validateKeys?: boolean; useIndex?: IndexHint[]; joinHint?: JoinHint }): string {
  const out: string[] = [];
  if (h.useKeys) out.push(`keys ${h.validateKeys ? 'validate ' : ''}${printExpr(h.useKeys)}`);
  if (h.useIndex) out.push(`index (${h.useIndex.map((i) => printName(i.name) + (i.using ? ' using ' + i.using.toLowerCase() : '')).join(', ')})`);
  if (h.joinHint) out.push(h.joinHint === 'NL' ? 'nl' : h.joinHint === 'HASH_BUILD' ? 'hash(build)' : 'hash(probe)');
  return out.length ? ' use ' + out.join(' ') : '';
}

function joinTerm(f: JoinTerm): string {
  const right = fromTerm(f.right);
  if (f.comma) return `${fromTerm(f.left)}, ${f.lateral ? 'lateral ' : ''}${right}`;
  const type = f.type === 'INNER' ? '' : f.type === 'LEFT' ? 'left outer ' : 'right outer ';
  let on: string;
  if (f.onKeys) on = `on keys ${f.validate ? 'validate ' : ''}${printExpr(f.onKeys)}`;
  else if (f.onKey) on = `on key ${printExpr(f.onKey)} for ${printName(f.forAlias!)}`;
  else on = `on ${printExpr(f.on!)}`;
  return `${fromTerm(f.left)} ${type}${f.nest ? 'nest' : 'join'} ${f.lateral ? 'lateral ' : ''}${right} ${on}`;
}

function fromTerm(f: FromTerm): string {
  switch (f.kind) {
    case 'KeyspaceTerm':
      return keyspace(f.keyspace) + hints(f);
    case 'ExpressionTerm': {
      const e = printExpr(f.expr);
      return (f.expr.kind === 'Subquery' ? e : `(${e})`) + alias(f.alias) + hints(f);
    }
    case 'UnnestTerm':
      return `${fromTerm(f.left)} ${f.outer ? 'left outer ' : ''}unnest ${printExpr(f.expr)}${alias(f.alias)}`;
    case 'JoinTerm':
      return joinTerm(f);
  }
}

const lets = (bs: LetBinding[]) => bs.map((b) => `${printName(b.name)} = ${printExpr(b.expr)}`).join(', ');

function order(t: OrderTerm): string {
  const direction = t.direction ? ' ' + printExpr(t.direction) : t.desc ? ' desc' : '';
  const nulls = t.nullsPosition ? ' nulls ' + printExpr(t.nullsPosition) : t.nulls ? ' nulls ' + t.nulls.toLowerCase() : '';
  return printExpr(t.expr) + direction + nulls;
}

function body(b: SelectBody): string {
  if (b.with) return `(${withClause(b.with)}${body({ ...b, with: undefined })})`;
  if (b.kind === 'SetOperation') {
    const right = b.right.kind === 'SetOperation' && !b.right.with ? `(${body(b.right)})` : body(b.right);
    return `${body(b.left)} ${b.op.toLowerCase()}${b.all ? ' all' : ''} ${right}`;
  }
  let s = 'select ' + (b.distinct ? 'distinct ' : '') + projection(b.raw, b.projection);
  if (b.exclude) s += ' exclude ' + b.exclude.map(printExpr).join(', ');
  if (b.from) s += ' from ' + fromTerm(b.from);
  if (b.let) s += ' let ' + lets(b.let);
  if (b.where) s += ' where ' + printExpr(b.where);
  if (b.groupBy) {
    if (b.groupBy.keys.length) s += ' group by ' + b.groupBy.keys.map((k) => printExpr(k.expr) + alias(k.alias)).join(', ');
    if (b.groupBy.groupAs !== undefined) s += ' group as ' + printName(b.groupBy.groupAs);
    if (b.groupBy.letting) s += ' letting ' + lets(b.groupBy.letting);
    if (b.groupBy.having) s += ' having ' + printExpr(b.groupBy.having);
  }
  return s;
}

function withClause(w: WithClause): string {
  const terms = w.bindings.map((b) => {
    const e = printExpr(b.expr);
    const cycle = b.cycle ? ' cycle ' + b.cycle.map(printExpr).join(', ') + ' restrict' : '';
    return `${printName(b.alias)} as ${b.expr.kind === 'Subquery' ? e : `(${e})`}${cycle}${b.options ? ' options ' + printExpr(b.options) : ''}`;
  });
  return `with ${w.recursive ? 'recursive ' : ''}${terms.join(', ')} `;
}

function select(s: SelectStatement): string {
  let out = (s.with ? withClause(s.with) : '') + body(s.body);
  if (s.orderBy) out += ' order by ' + s.orderBy.map(order).join(', ');
  if (s.limit) out += ' limit ' + printExpr(s.limit);
  if (s.offset) out += ' offset ' + printExpr(s.offset);
  return out;
}

/** `path = value [for v in arr [when cond] end]` */
function setText(c: import('./index.js').SetClause): string {
  const f = c.for;
  const loop = f ? ` for ${f.bindings.map((b) => `${printName(b.variable)} ${b.within ? 'within' : 'in'} ${printExpr(b.expr)}`).join(', ')}${f.when ? ' when ' + printExpr(f.when) : ''} end` : '';
  return `${printExpr(c.path)} = ${printExpr(c.value)}${loop}`;
}

const returning = (r: Returning | undefined) => (r ? ' returning ' + projection(r.raw, r.terms) : '');
const opt = (kw: string, e: { kind: string } | undefined) => (e ? ` ${kw} ${printExpr(e as never)}` : '');

function indexKey(k: IndexKey): string {
  const e = printExpr(k.expr);
  return (k.array ? `(${k.array.toLowerCase()} ${e})` : e) + (k.vector ? ` ${k.vector.toLowerCase()} vector` : '') + (k.includeMissing ? ' include missing' : '') + (k.desc ? ' desc' : '');
}

const partition = (p: Expr[] | undefined) => (p ? ` partition by hash(${p.map(printExpr).join(', ')})` : '');

const printers: StatementPrinters = {
  Select: select,
  Insert: (s) => {
    let out = `${s.upsert ? 'upsert' : 'insert'} into ${keyspace(s.keyspace)}`;
    if (s.values) {
      const withOptions = s.values.some((r) => r.options);
      out += ` (key, value${withOptions ? ', options' : ''}) values `;
      out += s.values
        .map((r) => `(${printExpr(r.key)}, ${r.value ? printExpr(r.value) : 'missing'}${r.options ? ', ' + printExpr(r.options) : ''})`)
        .join(', ');
    } else if (s.select) {
      const q = s.select;
      out += ` (key ${printExpr(q.key)}${q.value ? ', value ' + printExpr(q.value) : ''}${q.options ? ', options ' + printExpr(q.options) : ''}) ${select(q.query)}`;
    }
    return out + returning(s.returning);
  },
  Update: (s) =>
    `update ${keyspace(s.keyspace)}${opt(s.validateKeys ? 'use keys validate' : 'use keys', s.useKeys)}${s.let ? ' let ' + lets(s.let) : ''}` +
    (s.set.length ? ' set ' + s.set.map(setText).join(', ') : '') +
    (s.unset.length ? ' unset ' + s.unset.map(printExpr).join(', ') : '') +
    `${opt('where', s.where)}${opt('limit', s.limit)}${returning(s.returning)}`,
  Delete: (s) =>
    `delete from ${keyspace(s.keyspace)}${opt(s.validateKeys ? 'use keys validate' : 'use keys', s.useKeys)}${s.let ? ' let ' + lets(s.let) : ''}${opt('where', s.where)}${opt('limit', s.limit)}${opt('offset', s.offset)}${returning(s.returning)}`,
  Merge: (s) => {
    let out = `merge into ${fromTerm(s.target)} using ${fromTerm(s.source)} on ${s.onKey ? 'key ' + printExpr(s.onKey) : printExpr(s.on!)}`;
    if (s.let) out += ' let ' + lets(s.let);
    const u = s.update;
    if (u) {
      out += ' when matched then update' + (u.set.length ? ' set ' + u.set.map(setText).join(', ') : '');
      out += (u.unset.length ? ' unset ' + u.unset.map(printExpr).join(', ') : '') + opt('where', u.where);
    }
    if (s.delete) out += ' when matched then delete' + opt('where', s.delete.where);
    const i = s.insert;
    if (i) {
      const parts = [i.key && 'key ' + printExpr(i.key), i.value && 'value ' + printExpr(i.value), i.options && 'options ' + printExpr(i.options)].filter(Boolean);
      // Without a key (ON KEY merges) the value alone: `INSERT (VALUE v)` is not N1QL.
      out += ` when not matched then insert ${i.key ? `(${parts.join(', ')})` : printExpr(i.value!)}${opt('where', i.where)}`;
    }
    return out + opt('limit', s.limit) + returning(s.returning);
  },
  Explain: (s) => 'explain ' + printStatement(s.statement),
  Advise: (s) => 'advise ' + printStatement(s.statement),
  Prepare: (s) => `prepare ${s.name !== undefined ? printName(s.name) + ' from ' : ''}${s.text || printStatement(s.statement)}`,
  Execute: (s) => `execute ${printName(s.name)}${opt('using', s.using)}`,
  CreateIndex: (s) =>
    `create ${s.vector ? 'vector ' : ''}index ${s.ifNotExists ? 'if not exists ' : ''}${printName(s.name)} on ${keyspace(s.keyspace, false)}` +
    `(${s.keys.map(indexKey).join(', ')})${s.include ? ` include (${s.include.map(printExpr).join(', ')})` : ''}${partition(s.partition)}` +
    `${opt('where', s.where)}${s.using ? ' using ' + s.using : ''}${opt('with', s.with)}`,
  CreatePrimaryIndex: (s) =>
    `create primary index ${s.ifNotExists ? 'if not exists ' : ''}${s.name !== undefined ? printName(s.name) + ' ' : ''}on ` +
    `${keyspace(s.keyspace, false)}${partition(s.partition)}${s.using ? ' using ' + s.using : ''}${opt('with', s.with)}`,
  DropIndex: (s) =>
    `drop ${s.primary ? 'primary ' : ''}${s.vector ? 'vector ' : ''}index ${s.ifExists ? 'if exists ' : ''}${s.name !== undefined ? printName(s.name) + ' ' : ''}on ${keyspace(s.keyspace, false)}`,
  BuildIndex: (s) => `build index on ${keyspace(s.keyspace, false)}(${s.names.map((n) => printName(n)).join(', ')})`,
  CreateSequence: (s) => `create sequence ${s.ifNotExists ? 'if not exists ' : ''}${sequenceName(s.sequence)}${sequenceOptions(s.with, s.options)}`,
  AlterSequence: (s) => `alter sequence ${sequenceName(s.sequence)}${sequenceOptions(s.with, s.options)}`,
  DropSequence: (s) => `drop sequence ${s.ifExists ? 'if exists ' : ''}${sequenceName(s.sequence)}`,
  StartTransaction: (s) => `start transaction${s.isolation ? ' isolation level read committed' : ''}`,
  CommitTransaction: () => 'commit transaction',
  RollbackTransaction: (s) => `rollback transaction${s.savepoint !== undefined ? ' to savepoint ' + printName(s.savepoint) : ''}`,
  Savepoint: (s) => `savepoint ${printName(s.savepoint)}`,
  TransactionIsolation: () => 'set transaction isolation level read committed',
  CreateFunction: (s) =>
    `create ${s.replace ? 'or replace ' : ''}function ${keyspace(s.name, false)}(${s.params ? s.params.map((p) => printName(p)).join(', ') : '...'})` +
    `${s.ifNotExists ? ' if not exists' : ''} ` +
    (s.body.language === 'inline'
      ? `language inline as ${printExpr(s.body.expr)}`
      : `language javascript as ${JSON.stringify(s.body.library !== undefined ? s.body.object : s.body.code)}${s.body.library !== undefined ? ' at ' + JSON.stringify(s.body.library) : ''}`),
  DropFunction: (s) => `drop function ${keyspace(s.name, false)}${s.ifExists ? ' if exists' : ''}`,
  ExecuteFunction: (s) => `execute function ${keyspace(s.name, false)}(${s.args.map(printExpr).join(', ')})`,
  UpdateStatistics: (s) =>
    `update statistics for ${keyspace(s.keyspace, false)}` +
    (s.keys ? `(${s.keys.map(printExpr).join(', ')})` : '') +
    (s.deleteAll ? ' delete all' : s.deleteKeys ? ` delete (${s.deleteKeys.map(printExpr).join(', ')})` : '') +
    (s.indexes === 'all' ? ' index all' : s.indexes ? ` index (${s.indexes.map((n) => printName(n)).join(', ')})` : '') +
    opt('with', s.options),
  Security: (s) => printAdmin(s, adminOptions),
  Container: (s) => printAdmin(s, adminOptions),
  AlterIndex: (s) => printAdmin(s, adminOptions),
  ExplainFunction: (s) => printAdmin(s, adminOptions),
};

const adminOptions = { keyspace: (k: KeyspaceRef) => keyspace(k, false), withValue: printExpr };

function sequenceName(n: SequenceName): string {
  return `${printName(n.namespace)}:${printName(n.bucket)}.${printName(n.scope)}.${printName(n.name)}`;
}

/** A sequence's options as a WITH object (the clause forms print as the reference's WITH names). */
function sequenceOptions(w: Expr | undefined, o: SequenceOptions | undefined): string {
  if (w) return ' with ' + printExpr(w);
  if (!o || Object.keys(o).length === 0) return '';
  return ' with ' + JSON.stringify(o);
}

/** Prints a statement (its `loc` is ignored). PREPARE prints the prepared statement's source text. */
export function printStatement(s: Statement): string {
  return (printers[s.kind] as (s: Statement) => string)(s);
}
