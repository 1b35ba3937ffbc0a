/** Visit methods for CREATE FUNCTION, DROP FUNCTION and EXECUTE FUNCTION (user-defined functions). */
import type { CstNode } from 'chevrotain';
import type { FunctionBody, KeyspaceRef, Statement } from '../ast/index.js';
import type * as C from '../../grammar/cst.js';
import type { AstBuilder } from './cst-to-ast.js';
import { decodeName, decodeString } from './lexemes.js';

/** A function's name: one part (global) or three (`bucket.scope.name`, scoped). */
function functionName(b: AstBuilder, node: CstNode): KeyspaceRef {
  const ref = b.visit(node) as KeyspaceRef;
  if (ref.path.length !== 1 && ref.path.length !== 3) throw b.syntaxError(`invalid function name '${ref.path.join('.')}': use name or bucket.scope.name`, ref.loc);
  return ref;
}

export const functionRules = {
  createFunctionStatement(this: AstBuilder, ctx: C.CreateFunctionStatementCstChildren): Statement {
    const name = functionName(this, ctx.name[0]!);
    const params = ctx.Ellipsis ? undefined : (ctx.param ?? []).map((t) => decodeName(t).name);
    let body: FunctionBody;
    if (ctx.body) {
      const node = ctx.body[0]!;
      body = { language: 'inline', expr: this.expr(node), text: this.sourceOf(node) };
    } else if (ctx.library) {
      body = { language: 'javascript', object: decodeString(ctx.code![0]!, this.text), library: decodeString(ctx.library[0]!, this.text) };
    } else {
      body = { language: 'javascript', code: decodeString(ctx.code![0]!, this.text) };
    }
    return {
      kind: 'CreateFunction',
      name,
      ...(params !== undefined ? { params } : {}),
      replace: ctx.REPLACE !== undefined,
      ifNotExists: ctx.ifNotExists !== undefined,
      body,
      loc: name.loc,
    };
  },
  dropFunctionStatement(this: AstBuilder, ctx: C.DropFunctionStatementCstChildren): Statement {
    return { kind: 'DropFunction', name: functionName(this, ctx.name[0]!), ifExists: ctx.ifExists !== undefined };
  },
  executeFunctionStatement(this: AstBuilder, ctx: C.ExecuteFunctionStatementCstChildren): Statement {
    const name = functionName(this, ctx.name[0]!);
    return { kind: 'ExecuteFunction', name, args: (ctx.arg ?? []).map((n) => this.expr(n)), loc: name.loc };
  },
};
