import type { Expr } from './expr.js';
import type { FrameBound, WindowSpec } from './window.js';

/**
 * A window's text after its function call, as the reference prints a WindowTerm
 * (couchbase/query `algebra/window.go` String): ` OVER (PARTITION BY a, b ORDER BY c DESC
 * NULLS FIRST ROWS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE TIES)`, the PARTITION BY
 * expressions in text order (their order does not matter), keywords in upper case.
 */
export function printWindow(w: WindowSpec, print: (e: Expr) => string): string {
  let s = ' OVER (';
  if (w.partitionBy.length) s += 'PARTITION BY ' + w.partitionBy.map(print).sort().join(', ');
  if (w.orderBy?.length) {
    s += ' ORDER BY ' + w.orderBy.map((o) => print(o.expr) + (o.desc ? ' DESC' : '') + (o.nulls ? ' NULLS ' + o.nulls : '')).join(', ');
  }
  const f = w.frame;
  if (f) {
    s += ' ' + f.unit + (f.end ? ` BETWEEN ${bound(f.start, print)} AND ${bound(f.end, print)}` : ' ' + bound(f.start, print));
    if (f.exclude && f.exclude !== 'NO OTHERS') s += ' EXCLUDE ' + f.exclude;
  }
  return s + ')';
}

function bound(b: FrameBound, print: (e: Expr) => string): string {
  return 'offset' in b ? `${print(b.offset)} ${b.kind}` : b.kind;
}
