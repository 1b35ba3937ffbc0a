import type { Binding, Expr } from '../ast/index.js';
import { NOT_CONSTANT } from '../eval/index.js';
import { equivalent } from '../values/index.js';
import { foldedConstant } from './static-expr.js';

/**
 * Structural equivalence of two formalized expressions (spec §10.2): constants by value (object
 * key order ignored, numbers numerically, strings byte-exact, so `{"case":"UPPER"}` ≢
 * `{"case":"upper"}` and `{}` ≢ omitted), otherwise the same node kinds with equivalent
 * children. Binding variables may be named differently: `vars` maps the left side's variables
 * to the right side's.
 */
export function exprEquivalent(a: Expr, b: Expr, vars: ReadonlyMap<string, string> = new Map()): boolean {
  const ca = foldedConstant(a);
  const cb = foldedConstant(b);
  if (ca !== NOT_CONSTANT || cb !== NOT_CONSTANT) {
    return ca !== NOT_CONSTANT && cb !== NOT_CONSTANT && ca !== undefined && cb !== undefined ? equivalent(ca, cb) : ca === cb;
  }
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'Identifier': {
      const bn = (b as typeof a).name;
      return vars.has(a.name) ? vars.get(a.name) === bn : a.name === bn && ![...vars.values()].includes(bn);
    }
    case 'Collection':
    case 'ArrayFor':
    case 'ObjectFor': {
      const bb = b as typeof a;
      const inner = bindingsEquivalent(a.bindings, bb.bindings, vars);
      if (!inner) return false;
      if (a.kind === 'Collection') return a.quantifier === (bb as typeof a).quantifier && exprEquivalent(a.satisfies, (bb as typeof a).satisfies, inner);
      if (a.kind === 'ArrayFor') {
        const y = bb as typeof a;
        return a.first === y.first && exprEquivalent(a.mapping, y.mapping, inner) && optEquivalent(a.when, y.when, inner);
      }
      const y = bb as typeof a;
      return exprEquivalent(a.name, y.name, inner) && exprEquivalent(a.value, y.value, inner) && optEquivalent(a.when, y.when, inner);
    }
    default:
      return genericEquivalent(a as unknown as Record<string, unknown>, b as unknown as Record<string, unknown>, vars);
  }
}

function optEquivalent(a: Expr | undefined, b: Expr | undefined, vars: ReadonlyMap<string, string>): boolean {
  return a === undefined || b === undefined ? a === b : exprEquivalent(a, b, vars);
}

/** Same number of bindings, same IN/WITHIN, equivalent collections; returns the extended variable map. */
export function bindingsEquivalent(a: Binding[], b: Binding[], vars: ReadonlyMap<string, string>): Map<string, string> | undefined {
  if (a.length !== b.length) return undefined;
  const inner = new Map(vars);
  for (let i = 0; i < a.length; i++) {
    if (a[i].within !== b[i].within || !!a[i].nameVariable !== !!b[i].nameVariable) return undefined;
    if (!exprEquivalent(a[i].expr, b[i].expr, vars)) return undefined;
    inner.set(a[i].variable, b[i].variable);
    if (a[i].nameVariable) inner.set(a[i].nameVariable!, b[i].nameVariable!);
  }
  return inner;
}

function isExpr(v: unknown): v is Expr {
  return typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string';
}

function genericEquivalent(a: Record<string, unknown>, b: Record<string, unknown>, vars: ReadonlyMap<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => k !== 'loc'));
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (x === undefined || y === undefined) {
      if (x !== y) return false;
    } else if (isExpr(x) && isExpr(y)) {
      if (!exprEquivalent(x, y, vars)) return false;
    } else if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) {
        const xi = x[i];
        const yi = y[i];
        if (isExpr(xi) && isExpr(yi)) {
          if (!exprEquivalent(xi, yi, vars)) return false;
        } else if (!genericEquivalent(xi as Record<string, unknown>, yi as Record<string, unknown>, vars)) return false;
      }
    } else if (typeof x === 'object' && typeof y === 'object' && x !== null && y !== null) {
      if (!genericEquivalent(x as Record<string, unknown>, y as Record<string, unknown>, vars)) return false;
    } else if (x !== y) return false;
  }
  return true;
}
