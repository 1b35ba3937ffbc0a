/**
 * Visit methods for the statements tokenql parses but does not execute: user and group
 * administration (CREATE/ALTER/DROP USER|GROUP, GRANT, REVOKE), bucket/scope/collection DDL,
 * ALTER INDEX and EXPLAIN FUNCTION (couchbase/query `parser/n1ql/n1ql.y`).
 */
import type { Expr, KeyspaceRef, RoleSpec, Statement } from '../ast/index.js';
import type * as C from '../../grammar/cst.js';
import type { AstBuilder } from './cst-to-ast.js';
import { defined } from './defined.js';
import { decodeName, decodeString, tokenLoc } from './lexemes.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import type { IToken } from 'chevrotain';

export const securityRules = {
  securityStatement(this: AstBuilder, ctx: C.SecurityStatementCstChildren): Statement {
    const ref = (n: C.KeyspaceRefCstNode) => this.visit(n) as KeyspaceRef;
    const str = (t: IToken[] | undefined) => (t ? decodeString(t[0]!, this.text) : undefined);
    if (ctx.verb) {
      const revoke = ctx.verb[0]!.image.toUpperCase() === 'REVOKE';
      return defined({
        kind: 'Security',
        action: revoke ? 'REVOKE' : 'GRANT',
        target: /^GROUPS?$/i.test(ctx.principalKind?.[0]?.image ?? '') ? 'GROUPS' : 'USERS',
        names: (ctx.principal ?? []).map(ref),
        roles: (ctx.role ?? []).map((r) => ({ role: this.visit(r) as string })),
        on: ctx.on?.map(ref),
      }) as Statement;
    }
    const none = ctx.noWhat?.[0]!.image.toUpperCase();
    const group = ctx.group !== undefined;
    checkAttributes(ctx, group, this.text);
    return defined({
      kind: 'Security',
      action: ctx.action![0]!.image.toUpperCase() as 'CREATE' | 'ALTER' | 'DROP',
      target: group ? 'GROUP' : 'USER',
      names: [ref(ctx.name![0]!)],
      ifExists: ctx.ifExists ? true : undefined,
      ifNotExists: ctx.ifNotExists ? true : undefined,
      password: str(ctx.password),
      description: str(ctx.description),
      groups: ctx.groupName?.map((t) => decodeName(t).name),
      roles: ctx.roles?.map((r) => this.visit(r) as RoleSpec),
      none: none === 'ROLES' || none === 'GROUPS' ? none : undefined,
    }) as Statement;
  },
  roleName(this: AstBuilder, ctx: C.RoleNameCstChildren): string {
    const t = (ctx.Identifier ?? ctx.SELECT ?? ctx.INSERT ?? ctx.UPDATE ?? ctx.DELETE ?? ctx.UPSERT)![0]!;
    return ctx.Identifier ? decodeName(t).name : t.image.toLowerCase();
  },
  roleSpec(this: AstBuilder, ctx: C.RoleSpecCstChildren): RoleSpec {
    return defined({ role: this.visit(ctx.roleName[0]!) as string, on: ctx.keyspaceRef ? (this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef) : undefined }) as RoleSpec;
  },
  containerStatement(this: AstBuilder, ctx: C.ContainerStatementCstChildren): Statement {
    return defined({
      kind: 'Container',
      action: ctx.action![0]!.image.toUpperCase() as 'CREATE' | 'ALTER' | 'DROP' | 'FLUSH',
      container: ctx.container![0]!.image.toUpperCase() as 'BUCKET' | 'SCOPE' | 'COLLECTION',
      keyspace: this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef,
      ifExists: ctx.ifExists ? true : undefined,
      ifNotExists: ctx.ifNotExists ? true : undefined,
      with: ctx.indexWith ? (this.visit(ctx.indexWith[0]!) as Expr) : undefined,
    }) as Statement;
  },
  alterIndexStatement(this: AstBuilder, ctx: C.AlterIndexStatementCstChildren): Statement {
    const target = this.visit(ctx.target[0]!) as KeyspaceRef;
    const on = ctx.on ? (this.visit(ctx.on[0]!) as KeyspaceRef) : { ...target, path: target.path.slice(0, -1) };
    return defined({
      kind: 'AlterIndex',
      name: target.path[target.path.length - 1]!,
      keyspace: on,
      using: ctx.indexUsing ? (this.visit(ctx.indexUsing[0]!) as string) : undefined,
      with: this.visit(ctx.indexWith[0]!) as Expr,
    }) as Statement;
  },
  explainFunctionStatement(this: AstBuilder, ctx: C.ExplainFunctionStatementCstChildren): Statement {
    return { kind: 'ExplainFunction', name: this.visit(ctx.name[0]!) as KeyspaceRef };
  },
};

/** The shortest password CREATE/ALTER USER accepts (the reference's parser: ns_server's minimum length). */
const MIN_PASSWORD_LENGTH = 6;

/**
 * The reference parser's checks of a CREATE/ALTER USER|GROUP's attributes (couchbase/query
 * `parser/n1ql/n1ql.y` user_opts / group_opts): each attribute at most once (`GROUPS g` and
 * `NO GROUPS` are the same attribute; `ROLES …` and `NO ROLES` too) — else 3000 "User attributes
 * may only be specified once" at the repeated one — and a password of at least 6 characters,
 * else 3000 "The password must be at least 6 characters long" at the password.
 */
function checkAttributes(ctx: C.SecurityStatementCstChildren, group: boolean, text: string): void {
  const fail = (message: string, t: IToken): never => {
    const at = tokenLoc(t);
    throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: `${message} (near line ${at.line}, column ${at.column}).`, position: at, statement: text });
  };
  const attrs: { kind: string; token: IToken }[] = [];
  for (const t of ctx.passwordKw ?? []) attrs.push({ kind: 'password', token: t });
  for (const t of ctx.WITH ?? []) attrs.push({ kind: 'with', token: t });
  for (const t of ctx.groupsKw ?? []) attrs.push({ kind: 'groups', token: t });
  for (const t of ctx.rolesKw ?? []) attrs.push({ kind: 'roles', token: t });
  (ctx.no ?? []).forEach((t, i) => attrs.push({ kind: (ctx.noWhat?.[i]?.image ?? '').toLowerCase(), token: t }));
  attrs.sort((a, b) => a.token.startOffset - b.token.startOffset);
  const seen = new Set<string>();
  for (const a of attrs) {
    if (seen.has(a.kind)) fail(`${group ? 'Group' : 'User'} attributes may only be specified once`, a.token);
    seen.add(a.kind);
  }
  for (const t of ctx.password ?? []) if (decodeString(t, text).length < MIN_PASSWORD_LENGTH) fail(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long`, t);
}
