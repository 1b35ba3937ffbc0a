/** Visit methods for CREATE [PRIMARY] INDEX, DROP [PRIMARY] INDEX and BUILD INDEX. */
import type { Expr, IndexKey, KeyspaceRef, Statement } from '../ast/index.js';
import type * as C from '../../grammar/cst.js';
import type { AstBuilder } from './cst-to-ast.js';
import { defined } from './defined.js';
import { tokenLoc } from './lexemes.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { printExpr } from '../ast/print.js';

/**
 * The INCLUDE MISSING checks of CREATE INDEX's keys, as the reference's parser makes them
 * (couchbase/query n1ql.y index_terms): only the leading key may have it (3281, at the key),
 * and not in an index USING VIEW (3286, the reference's own text). tokenql's own limit: not on
 * an array key (whose elements' MISSING the reference handles inside FLATTEN_KEYS).
 */
function checkIncludeMissing(keys: IndexKey[], using: string | undefined, statement: string): void {
  keys.forEach((k, i) => {
    if (!k.includeMissing) return;
    const at = k.expr.loc;
    if (i > 0) {
      const near = at ? ` (near line ${at.line}, column ${at.column})` : '';
      throw new QueryError({ code: ErrorCode.INDEX_MISSING_NOT_LEADING, phase: 'parse', message: `${printExpr(k.expr)}${near} MISSING attribute not allowed (Only allowed with gsi leading key).`, position: at, statement });
    }
    if (using === 'view') throw new QueryError({ code: ErrorCode.INDEX_ATTRIBUTES_USING, phase: 'parse', message: 'Index attributes USING FTS is not allowed.', position: at, statement });
    if (k.array) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'semantic', message: 'INCLUDE MISSING on an array index key is not supported', position: at, statement });
  });
}

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
    const opts = options(this, ctx);
    checkIncludeMissing(keys, opts.using, this.text);
    return defined({ kind: 'CreateIndex', name, ifNotExists, keyspace, keys, where, vector, include, partition, ...opts });
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
    // ASC|DESC and INCLUDE MISSING, each at most once (reference: 3000 "Duplicate or Invalid
    // index key attribute (near line L, column C)" at the second one).
    let desc = false;
    let direction = false;
    let includeMissing = false;
    for (const a of ctx.indexKeyAttribute ?? []) {
      const c = (a as C.IndexKeyAttributeCstNode).children;
      const t = (c.ASC ?? c.DESC ?? c.include)![0]!;
      const repeated = c.include ? includeMissing : direction;
      if (repeated) {
        const at = tokenLoc(t);
        throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: `Duplicate or Invalid index key attribute (near line ${at.line}, column ${at.column})`, position: at, statement: this.text });
      }
      if (c.include) includeMissing = true;
      else [direction, desc] = [true, c.DESC !== undefined];
    }
    return defined({ ...body, desc, vector, includeMissing: includeMissing || undefined }) as IndexKey;
  },
  /** Read by {@link ddlRules.indexKey} from the CST (the visitor needs one method per rule). */
  indexKeyAttribute(): undefined {
    return undefined;
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
