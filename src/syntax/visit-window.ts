/**
 * Visit methods for window functions: the window of `OVER (…)`, its frame, the WINDOW clause,
 * and the resolution of window names (`OVER w`, `OVER (w ORDER BY …)`) against a block's WINDOW
 * clause. Source: couchbase/query `parser/n1ql/n1ql.y` (window_specification, window_clause)
 * and `algebra/window.go` (RewriteToNewWindowTerm, ValidateWindowTerm, ValidateWindowTerms).
 */
import type { Expr, FrameBound, NamedWindow, OrderTerm, WindowFrame, WindowSpec } from '../ast/index.js';
import { walkExpr } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import type * as C from '../../grammar/cst.js';
import * as T from '../../grammar/tokens.js';
import type { AstBuilder } from './cst-to-ast.js';
import { decodeName } from './lexemes.js';

/**
 * A window as written, before resolution: `ref` is the window name it builds on, `bare` when
 * written `OVER name` (which may take the named window's frame; `OVER (name …)` may not).
 */
export interface WrittenWindow extends WindowSpec {
  ref?: string;
  bare?: boolean;
}

export const windowRules = {
  windowSpec(this: AstBuilder, ctx: C.WindowSpecCstChildren): WrittenWindow {
    const ref = ctx.baseName ? decodeName(ctx.baseName[0]!).name : undefined;
    const orderBy = ctx.orderByClause ? (this.visit(ctx.orderByClause[0]!) as OrderTerm[]) : undefined;
    const frame = ctx.windowFrame ? (this.visit(ctx.windowFrame[0]!) as WindowFrame) : undefined;
    return {
      ...(ref !== undefined ? { ref } : {}),
      partitionBy: (ctx.partition ?? []).map((n) => this.expr(n)),
      ...(orderBy ? { orderBy } : {}),
      ...(frame ? { frame } : {}),
    };
  },
  windowFrame(this: AstBuilder, ctx: C.WindowFrameCstChildren): WindowFrame {
    const u = ctx.unit![0]!.tokenType;
    const unit = u === T.Rows ? 'ROWS' : u === T.Range ? 'RANGE' : 'GROUPS';
    const start = this.visit(ctx.start![0]!) as FrameBound;
    const end = ctx.end ? (this.visit(ctx.end[0]!) as FrameBound) : undefined;
    const x = ctx.exclude?.[0]?.tokenType;
    const exclude = x === T.Current ? 'CURRENT ROW' : x === T.Group ? 'GROUP' : x === T.Ties ? 'TIES' : x === T.No ? 'NO OTHERS' : undefined;
    return { unit, start, ...(end ? { end } : {}), ...(exclude ? { exclude } : {}) };
  },
  frameBound(this: AstBuilder, ctx: C.FrameBoundCstChildren): FrameBound {
    if (ctx.CURRENT) return { kind: 'CURRENT ROW' };
    const preceding = ctx.direction![0]!.tokenType === T.Preceding;
    if (ctx.UNBOUNDED) return { kind: preceding ? 'UNBOUNDED PRECEDING' : 'UNBOUNDED FOLLOWING' };
    return { kind: preceding ? 'PRECEDING' : 'FOLLOWING', offset: this.expr(ctx.offset![0]) };
  },
  windowClause(this: AstBuilder, ctx: C.WindowClauseCstChildren): NamedWindow[] {
    const windows = ctx.namedWindow.map((n) => this.visit(n) as NamedWindow);
    validateWindowClause(windows);
    return windows;
  },
  namedWindow(this: AstBuilder, ctx: C.NamedWindowCstChildren): NamedWindow {
    return { name: decodeName(ctx.name[0]!).name, spec: this.visit(ctx.windowSpec[0]!) as WrittenWindow };
  },
};

/** The reference's error for a window name it cannot resolve (6500, its parse error for windows). */
const windowError = (message: string) => new QueryError({ code: ErrorCode.WINDOW_CLAUSE, phase: 'parse', message });

/**
 * Checks a WINDOW clause: names unique ("Duplicate window clause alias w."), a window is not
 * only a frame, and each one builds only on an earlier one with the reference's rules.
 */
function validateWindowClause(windows: NamedWindow[]): void {
  const seen = new Set<string>();
  windows.forEach((w, i) => {
    if (seen.has(w.name)) throw windowError(`Duplicate window clause alias ${w.name}.`);
    seen.add(w.name);
    const spec = w.spec as WrittenWindow;
    if (spec.ref === undefined && spec.partitionBy.length === 0 && !spec.orderBy && spec.frame) {
      throw windowError(`Only window frame clause is not allowed in named window: ${w.name}`);
    }
    resolveWindow(spec, windows.slice(0, i));
  });
}

/**
 * The window `w` names, built on the named windows it refers to (the named window gives its
 * partitioning, ordering and frame; the written one may add ORDER BY when the named one has
 * none, and a frame). @throws QueryError 6500 "Window w not in the scope of window clause",
 * "Window w shall not have a window partitioning|ordering|framing clause".
 */
function resolveWindow(w: WrittenWindow, scope: readonly NamedWindow[]): WindowSpec {
  const { ref, bare, ...own } = w;
  if (ref === undefined) return own;
  let out: WindowSpec = own;
  let name: string | undefined = ref;
  let flagBare = !!bare;
  let current: WindowSpec = own;
  for (let i = scope.length - 1; i >= 0 && name !== undefined; i--) {
    const named = scope[i]!;
    if (named.name !== name) continue;
    if (current.partitionBy.length > 0) throw windowError(`Window ${named.name} shall not have a window partitioning clause`);
    if (current.orderBy && named.spec.orderBy) throw windowError(`Window ${named.name} shall not have a window ordering clause`);
    if (!flagBare && named.spec.frame) throw windowError(`Window ${named.name} shall not have a window framing clause`);
    const base = named.spec as WrittenWindow;
    out = {
      partitionBy: base.partitionBy.length ? base.partitionBy : out.partitionBy,
      ...((base.orderBy ?? out.orderBy) ? { orderBy: base.orderBy ?? out.orderBy } : {}),
      ...((base.frame ?? out.frame) ? { frame: base.frame ?? out.frame } : {}),
    };
    current = base;
    name = base.ref;
    flagBare = !!base.bare;
    if (name === undefined) return out;
  }
  throw windowError(`Window ${name} not in the scope of window clause`);
}

/**
 * Replaces, in place, the window of every window function call of `exprs` (subqueries excluded:
 * their blocks resolved their own) by the resolved window.
 */
export function resolveWindowNames(exprs: Expr[], windows: readonly NamedWindow[]): void {
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (x.kind === 'FunctionCall' && x.over && (x.over as WrittenWindow).ref !== undefined) x.over = resolveWindow(x.over as WrittenWindow, windows);
      else if (x.kind === 'FunctionCall' && x.over && 'bare' in x.over) delete (x.over as WrittenWindow).bare;
      return true;
    });
  }
}
