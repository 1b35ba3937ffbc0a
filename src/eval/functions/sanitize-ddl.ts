/**
 * SANITIZE's printer for the statements other than queries and DML: index, sequence, function,
 * statistics, transaction and EXECUTE statements, in the reference's upper-case `String()`
 * forms (`CREATE INDEX `ix1` ON `default`:`orders`(`a`, `b`)`, `START TRANSACTION ISOLATION
 * LEVEL READ COMMITTED`). Their constants stay in the text, except in the expressions the
 * reference parameterizes (EXECUTE FUNCTION arguments, UPDATE STATISTICS keys and index names,
 * INFER's value). WITH objects print as compact JSON with sorted member names. Source:
 * couchbase/query `algebra/*.go` String methods, checked against the reference's SANITIZE.
 */
import type { Expr, IndexKey, Statement } from '../../ast/index.js';
import { printName } from '../../ast/print-expr.js';
import { printAdmin } from '../../ast/print-admin.js';
import { notSupported } from '../../errors/index.js';
import { addParam, compactJson, plain, sanitizeExpr, withClause, type SanitizeScope } from './sanitize-expr.js';
import { functionName, sanitizeKeyspace } from './sanitize-dml.js';

function indexKey(k: IndexKey, scope: SanitizeScope): string {
  const e = plain(k.expr, scope);
  return (k.array ? `(${k.array.toLowerCase()} (${e}))` : e) + (k.vector ? ` ${k.vector} VECTOR` : '') + (k.desc ? ' DESC' : '');
}

/** The statements SANITIZE prints in the reference's DDL forms. Raises 1020 for others. */
export function sanitizeOtherStatement(st: Statement, scope: SanitizeScope, text: string): string {
  switch (st.kind) {
    case 'Execute':
      return `EXECUTE ${printName(st.name)}` + (st.using ? ' USING ' + plain(st.using, scope) : '');
    case 'ExecuteFunction':
      return `EXECUTE FUNCTION ${functionName(st.name)}` + (st.args.length ? ` (${st.args.map((a) => sanitizeExpr(a, { ...scope, alias: undefined })).join(', ')})` : '');
    case 'CreateFunction': {
      const head = `CREATE ${st.replace ? 'OR REPLACE ' : ''}FUNCTION ${st.ifNotExists ? 'IF NOT EXISTS ' : ''}${functionName(st.name)}(${st.params ? st.params.join(', ') : '...'})`;
      const b = st.body;
      if (b.language === 'inline') return `${head} LANGUAGE INLINE AS ${plain(b.expr, scope)}`;
      if (b.library !== undefined) return `${head} LANGUAGE JAVASCRIPT AS ${JSON.stringify(b.object)} AT ${JSON.stringify(b.library)}`;
      return `${head} LANGUAGE JAVASCRIPT AS ${JSON.stringify(b.code)}`;
    }
    case 'DropFunction':
      return `DROP FUNCTION ${st.ifExists ? 'IF EXISTS ' : ''}${functionName(st.name)}`;
    case 'CreateIndex': {
      let s = `CREATE ${st.vector ? 'VECTOR ' : ''}INDEX ${printName(st.name)}${st.ifNotExists ? ' IF NOT EXISTS' : ''} ON ${sanitizeKeyspace(st.keyspace)}(${st.keys.map((k) => indexKey(k, scope)).join(', ')})`;
      if (st.include) s += ` INCLUDE(${st.include.map((e) => plain(e, scope)).join(', ')})`;
      if (st.partition) s += ` PARTITION BY HASH(${st.partition.map((e) => plain(e, scope)).join(', ')})`;
      if (st.where) s += ' WHERE ' + plain(st.where, scope);
      if (st.using) s += ' USING ' + st.using.toUpperCase();
      return s + withClause(st.with, scope);
    }
    case 'CreatePrimaryIndex': {
      let s = `CREATE PRIMARY INDEX ${st.name !== undefined ? printName(st.name) + ' ' : ''}${st.ifNotExists ? 'IF NOT EXISTS ' : ''}ON ${sanitizeKeyspace(st.keyspace)}`;
      if (st.partition) s += ` PARTITION BY HASH(${st.partition.map((e) => plain(e, scope)).join(', ')})`;
      if (st.using) s += ' USING ' + st.using.toUpperCase();
      return s + withClause(st.with, scope);
    }
    case 'DropIndex': {
      const kind = st.primary ? 'PRIMARY ' : st.vector ? 'VECTOR ' : '';
      return `DROP ${kind}INDEX ${st.ifExists ? 'IF EXISTS ' : ''}${st.name !== undefined ? printName(st.name) + ' ' : ''}ON ${sanitizeKeyspace(st.keyspace)}`;
    }
    case 'CreateSequence':
      return `CREATE SEQUENCE ${st.ifNotExists ? 'IF NOT EXISTS ' : ''}${sequenceName(st.sequence)}${sequenceWith(st.options, st.with, scope)}`;
    case 'AlterSequence':
      return `ALTER SEQUENCE ${sequenceName(st.sequence)}${sequenceWith(st.options, st.with, scope)}`;
    case 'DropSequence':
      return `DROP SEQUENCE ${st.ifExists ? 'IF EXISTS ' : ''}${sequenceName(st.sequence)}`;
    case 'UpdateStatistics': {
      const ks = sanitizeKeyspace(st.keyspace);
      const p = (e: Expr) => sanitizeExpr(e, { ...scope, alias: undefined });
      let s = `UPDATE STATISTICS FOR ${ks}`;
      if (st.keys) s += ` (${st.keys.map(p).join(', ')})`;
      else if (st.deleteKeys) s += ` DELETE (${st.deleteKeys.map(p).join(', ')})`;
      else if (st.deleteAll) s += ' DELETE ALL';
      else if (st.indexes === 'all') s += ' INDEX ALL';
      else if (st.indexes) s += ` INDEX (${st.indexes.map((n) => addParam(scope, n)).join(', ')})`;
      if (st.indexes !== undefined && /\busing\s+gsi\b/i.test(text)) s += ' USING GSI';
      return s + withClause(st.options, scope);
    }
    case 'StartTransaction':
      return 'START TRANSACTION ISOLATION LEVEL READ COMMITTED';
    case 'CommitTransaction':
      return 'COMMIT TRANSACTION';
    case 'RollbackTransaction':
      return 'ROLLBACK TRANSACTION' + (st.savepoint !== undefined ? ' TO SAVEPOINT ' + st.savepoint : '');
    case 'Savepoint':
      return 'SAVEPOINT ' + st.savepoint;
    case 'TransactionIsolation':
      return 'SET TRANSACTION ISOLATION LEVEL READ COMMITTED';
    case 'BuildIndex':
      if (!st.exprs) return `BUILD INDEX ON ${sanitizeKeyspace(st.keyspace)}(${st.names.map((n) => addParam(scope, n)).join(', ')})`;
      return `BUILD INDEX ON ${sanitizeKeyspace(st.keyspace)}(${st.exprs.map((e) => (e.kind === 'Identifier' ? addParam(scope, e.name) : sanitizeExpr(e, { ...scope, alias: undefined }))).join(', ')})`;
    case 'Security':
    case 'Container':
    case 'AlterIndex':
    case 'ExplainFunction':
      return printAdmin(st, { keyspace: sanitizeKeyspace, withValue: (e) => withClause(e, scope).slice(' WITH '.length) });
    default:
      throw notSupported(`SANITIZE of a ${st.kind} statement`);
  }
}

function sequenceName(s: { namespace: string; bucket: string; scope: string; name: string }): string {
  return printName(s.namespace) + ':' + [s.bucket, s.scope, s.name].map((p) => printName(p)).join('.');
}

function sequenceWith(o: Record<string, unknown> | undefined, w: Expr | undefined, scope: SanitizeScope): string {
  if (o && Object.keys(o).length) {
    const v: Record<string, unknown> = {};
    for (const k of Object.keys(o)) if (o[k] !== undefined) v[k] = o[k];
    return ' WITH ' + compactJson(v as never);
  }
  return withClause(w, scope);
}

