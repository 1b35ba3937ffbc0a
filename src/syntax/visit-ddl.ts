/** Visit methods for CREATE [PRIMARY] INDEX, DROP [PRIMARY] INDEX and BUILD INDEX. */
import type { Expr, IndexKey, KeyspaceRef, Statement } from '../ast/index.js';
import type * as C from '../../grammar/cst.js';
import type { AstBuilder } from './cst-to-ast.js';
import { defined } from './defined.js';
import { tokenLoc } from './lexemes.js';

/** `USING` and `WITH` of CREATE [PRIMARY] INDEX. */
function options(b: AstBuilder, ctx: C.CreateIndexStatementCstChildren | C.CreatePrimaryIndexStatementCstChildren) {
  const using = ctx.indexUsing ? (b.visit(ctx.indexUsing[0]!) as string) : undefined;
  const withExpr = ctx.indexWith ? (b.visit(ctx.indexWith[0]!) as Expr) : undefined;
  return { using, with: withExpr };
}

export const ddlRules = {
  createIndexStatement(this: AstBuilder, ctx: C.CreateIndexStatementCstChildren): Statement {
    const name = this.visit(ctx.objectName[0]!) as string;
    const keyspace = this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef;
    const keys = ctx.indexKey.map((k) => this.visit(k) as IndexKey);
    const where = ctx.whereClause ? (this.visit(ctx.whereClause[0]!) as Expr) : undefined;
    const ifNotExists = ctx.ifNotExists !== undefined;
    const vector = ctx.vector ? true : undefined;
    const include = ctx.include?.map((e) => this.expr(e));
    const partition = ctx.indexPartition ? (this.visit(ctx.indexPartition[0]!) as Expr[]) : undefined;
    return defined({ kind: 'CreateIndex', name, ifNotExists, keyspace, keys, where, vector, include, partition, ...options(this, ctx) });
  },
  createPrimaryIndexStatement(this: AstBuilder, ctx: C.CreatePrimaryIndexStatementCstChildren): Statement {
    const name = ctx.objectName ? (this.visit(ctx.objectName[0]!) as string) : undefined;
    const keyspace = this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef;
    const ifNotExists = ctx.ifNotExists !== undefined;
    const partition = ctx.indexPartition ? (this.visit(ctx.indexPartition[0]!) as Expr[]) : undefined;
    return defined({ kind: 'CreatePrimaryIndex', name, ifNotExists, keyspace, partition, ...options(this, ctx) });
  },
  indexPartition(this: AstBuilder, ctx: C.IndexPartitionCstChildren): Expr[] {
    return ctx.expression.map((e) => this.expr(e));
  },
  ifNotExists(): boolean {
    return true;
  },
  ifExists(): boolean {
    return true;
  },
  indexKey(this: AstBuilder, ctx: C.IndexKeyCstChildren): IndexKey {
    const body = this.visit(ctx.indexKeyBody[0]!) as Omit<IndexKey, 'desc'>;
    const vector = ctx.vector ? (ctx.vector.length === 2 && ctx.vector[0]!.image.toUpperCase() === 'SPARSE' ? 'SPARSE' : 'DENSE') : undefined;
    return defined({ ...body, desc: ctx.DESC !== undefined, vector }) as IndexKey;
  },
  indexKeyBody(this: AstBuilder, ctx: C.IndexKeyBodyCstChildren): Omit<IndexKey, 'desc'> {
    if (ctx.indexKeyBody) return this.visit(ctx.indexKeyBody[0]!) as Omit<IndexKey, 'desc'>;
    const expr = this.expr(ctx.expression![0]);
    if (ctx.distinct) return { expr, array: 'DISTINCT' };
    if (ctx.all) return { expr, array: 'ALL' };
    return { expr };
  },
  /** `USING GSI|VIEW` → `'gsi'` or `'view'`. */
  indexUsing(this: AstBuilder, ctx: C.IndexUsingCstChildren): string {
    const t = ctx.kind[0]!;
    const kind = t.image.toLowerCase();
    if (kind !== 'gsi' && kind !== 'view') throw this.syntaxError(`unexpected '${t.image}', expected one of GSI, VIEW`, tokenLoc(t));
    return kind;
  },
  indexWith(this: AstBuilder, ctx: C.IndexWithCstChildren): Expr {
    return this.expr(ctx.expression[0]);
  },
  dropIndexStatement(this: AstBuilder, ctx: C.DropIndexStatementCstChildren): Statement {
    const primary = ctx.PRIMARY !== undefined;
    const ifExists = ctx.ifExists !== undefined;
    const targetRef = ctx.target ? (this.visit(ctx.target[0]!) as KeyspaceRef) : undefined;
    if (ctx.on) {
      const keyspace = this.visit(ctx.on[0]!) as KeyspaceRef;
      if (targetRef && (targetRef.path.length !== 1 || targetRef.namespace !== undefined)) {
        throw this.syntaxError('the index name before ON must be a single name', targetRef.loc);
      }
      return defined({ kind: 'DropIndex', name: targetRef?.path[0], primary, ifExists, keyspace, vector: ctx.vector ? true : undefined });
    }
    if (!targetRef || targetRef.path.length < 2) {
      const at = targetRef?.loc ?? tokenLoc(ctx.INDEX[0]!);
      if (primary && !targetRef) throw this.syntaxError('DROP PRIMARY INDEX needs ON keyspace', at);
      throw this.syntaxError('DROP INDEX needs `keyspace.name` or `name ON keyspace`', at);
    }
    const name = targetRef.path[targetRef.path.length - 1]!;
    const keyspace: KeyspaceRef = { ...targetRef, path: targetRef.path.slice(0, -1) };
    return defined({ kind: 'DropIndex', name, primary, ifExists, keyspace, vector: ctx.vector ? true : undefined });
  },
  buildIndexStatement(this: AstBuilder, ctx: C.BuildIndexStatementCstChildren): Statement {
    const keyspace = this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef;
    const exprs = ctx.name.map((n) => this.expr(n));
    // Names written as names, strings or arrays of strings; `exprs` keeps what was written.
    const names: string[] = [];
    let dynamic = false;
    const collect = (e: Expr): void => {
      if (e.kind === 'Identifier') names.push(e.name);
      else if (e.kind === 'Literal' && typeof e.value === 'string') names.push(e.value);
      else if (e.kind === 'Literal' && Array.isArray(e.value) && e.value.every((v) => typeof v === 'string')) names.push(...(e.value as string[]));
      else if (e.kind === 'ArrayConstruct') e.items.forEach(collect);
      else dynamic = true;
    };
    exprs.forEach(collect);
    const plain = exprs.every((e) => e.kind === 'Identifier' || (e.kind === 'Literal' && typeof e.value === 'string'));
    return defined({ kind: 'BuildIndex', keyspace, names, exprs: plain ? undefined : exprs, dynamic: dynamic ? true : undefined }) as Statement;
  },
  // ---- transaction statements (ast TransactionStatement) ----
  startTransactionStatement(this: AstBuilder, ctx: C.StartTransactionStatementCstChildren): Statement {
    return ctx.isolationLevel ? { kind: 'StartTransaction', isolation: 'READ COMMITTED' } : { kind: 'StartTransaction' };
  },
  transactionWord(): undefined {
    return undefined;
  },
  isolationLevel(): 'READ COMMITTED' {
    return 'READ COMMITTED';
  },
  commitStatement(): Statement {
    return { kind: 'CommitTransaction' };
  },
  rollbackStatement(this: AstBuilder, ctx: C.RollbackStatementCstChildren): Statement {
    return ctx.objectName ? { kind: 'RollbackTransaction', savepoint: this.visit(ctx.objectName[0]!) as string } : { kind: 'RollbackTransaction' };
  },
  savepointStatement(this: AstBuilder, ctx: C.SavepointStatementCstChildren): Statement {
    return { kind: 'Savepoint', savepoint: this.visit(ctx.objectName[0]!) as string };
  },
  setTransactionStatement(): Statement {
    return { kind: 'TransactionIsolation', isolation: 'READ COMMITTED' };
  },
};
