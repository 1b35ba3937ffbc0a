import type { IToken } from 'chevrotain';
import type { FromTerm, OptimizerHint, SelectBody, Statement } from '../ast/index.js';
import { Select } from '../../grammar/tokens.js';

/**
 * Optimizer hints: the `/*+ … *\/` comment right after a SELECT keyword (couchbase/query
 * `algebra/optimizer_hints.go`): `USE_HASH(a[/BUILD|/PROBE] …)`, `USE_NL(a …)`, `ORDERED`,
 * `INDEX(a idx …)`, `NO_INDEX(a [idx …])`. Names may be backquoted. A hint that is not one of
 * these is kept as `UNKNOWN` (the planner reports it as a hint with an error; rows never change).
 */
export function parseHintText(body: string): OptimizerHint[] {
  const out: OptimizerHint[] = [];
  const re = /([A-Za-z_]+)\s*(?:\(([^)]*)\))?/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const name = m[1]!.toUpperCase();
    const args = (m[2] ?? '').trim().split(/[\s,]+/).filter(Boolean).map((a) => a.replace(/`/g, ''));
    switch (name) {
      case 'ORDERED':
        out.push({ kind: 'ORDERED' });
        break;
      case 'USE_HASH':
        for (const a of args) {
          const [alias, side] = a.split('/');
          const s = side?.toUpperCase();
          out.push({ kind: 'USE_HASH', alias: alias!, ...(s === 'BUILD' || s === 'PROBE' ? { side: s } : {}) });
        }
        break;
      case 'USE_NL':
        for (const a of args) out.push({ kind: 'USE_NL', alias: a });
        break;
      case 'INDEX':
      case 'NO_INDEX':
        if (args.length) out.push({ kind: name, alias: args[0]!, indexes: args.slice(1) });
        break;
      default:
        out.push({ kind: 'UNKNOWN', text: m[0]! });
    }
  }
  return out;
}

/** Every SELECT block of a statement (FROM and JOIN subqueries included), by the offset of its SELECT. */
function blocks(s: Statement, out: Map<number, { hints?: OptimizerHint[] }>): void {
  const body = (b: SelectBody): void => {
    if (b.kind === 'SetOperation') {
      body(b.left);
      body(b.right);
      return;
    }
    if (b.loc) out.set(b.loc.offset, b);
    if (b.from) from(b.from);
  };
  const from = (f: FromTerm): void => {
    if (f.kind === 'UnnestTerm') from(f.left);
    else if (f.kind === 'JoinTerm') {
      from(f.left);
      from(f.right);
    } else if (f.kind === 'ExpressionTerm' && f.expr.kind === 'Subquery') blocks(f.expr.query, out);
  };
  if (s.kind === 'Select') body(s.body);
  else if (s.kind === 'Explain' || s.kind === 'Prepare') blocks(s.statement, out);
  else if (s.kind === 'Insert' && s.select) blocks(s.select.query, out);
}

/** Attaches the hint comment that follows each SELECT keyword to its block (`hints`). */
export function attachHints(s: Statement, tokens: IToken[], text: string): void {
  let found: Map<number, { hints?: OptimizerHint[] }> | undefined;
  tokens.forEach((t, i) => {
    if (t.tokenType !== Select) return;
    const gap = text.slice(t.endOffset! + 1, tokens[i + 1]?.startOffset ?? text.length);
    const m = /\/\*\+([\s\S]*?)\*\//.exec(gap);
    if (!m) return;
    found ??= (() => {
      const map = new Map<number, { hints?: OptimizerHint[] }>();
      blocks(s, map);
      return map;
    })();
    const block = found.get(t.startOffset);
    if (block) block.hints = parseHintText(m[1]!);
  });
}
