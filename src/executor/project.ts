import { resultNames, type Expr, type ResultTerm } from '../ast/index.js';
import { compileExpr, siblingEnv, type Evaluator, type Scope } from '../eval/index.js';
import { isObject as isObj, missingElementsAsNull, type ObjectValue, type Value } from '../values/index.js';
import type { Row, RowStream, RunContext } from './runtime.js';


interface CompiledTerm {
  kind: 'Star' | 'PathStar' | 'Term';
  name?: string;
  expr?: Evaluator;
}

/** A compiled projection: computes a row's output value, and binds projection aliases for ORDER BY. */
export interface CompiledProjection {
  project(row: Row, rc: RunContext): Value;
  /** Names of the result aliases, bound in the row environment after projection. */
  aliases: string[];
}

/**
 * A term's evaluator giving result values: MISSING array elements written as null. Paths read
 * documents, which hold none, so they are left as they are (no scan).
 */
function resultValue(e: Expr, f: Evaluator): Evaluator {
  return e.kind === 'Identifier' || e.kind === 'Field' || e.kind === 'Self' ? f : (env, rc) => missingElementsAsNull(f(env, rc));
}

/**
 * Compiles the projection of a SELECT block. `*` gives `{alias: value}` for every FROM and
 * UNNEST alias; `path.*` merges the fields of an object; a term whose value is MISSING is left
 * out of the row; `RAW` makes the single term's value the row (`null` for MISSING).
 */
export function compileProjection(terms: ResultTerm[], raw: boolean, scope: Scope, starAliases: string[]): CompiledProjection {
  const names = resultNames(terms);
  const compiled: CompiledTerm[] = terms.map((t, i) => {
    if (t.kind === 'Star') return { kind: 'Star' };
    const expr = resultValue(t.expr, compileExpr(t.expr, scope));
    if (t.kind === 'PathStar') return { kind: 'PathStar', expr };
    return { kind: 'Term', name: names[i], expr };
  });
  const aliases = compiled.filter((t) => t.kind === 'Term' && t.name).map((t) => t.name!);
  if (raw) {
    // A MISSING RAW value is a null row (SELECT and RETURNING), as in the reference.
    const expr = compiled[0].expr!;
    return { aliases: [], project: (row, rc) => expr(row.env, rc) ?? null };
  }
  return {
    aliases,
    project(row, rc) {
      const out: ObjectValue = {};
      for (const t of compiled) {
        if (t.kind === 'Star') {
          for (const a of starAliases) {
            const v = row.env[a];
            if (v !== undefined) out[a] = v;
          }
        } else if (t.kind === 'PathStar') {
          const v = t.expr!(row.env, rc);
          if (isObj(v)) Object.assign(out, v);
        } else {
          const v = t.expr!(row.env, rc);
          if (v !== undefined) out[t.name!] = v;
        }
      }
      return out;
    },
  };
}

/**
 * InitialProject: computes each row's output (a MISSING RAW value is a `null` row, as in the
 * reference: `SELECT RAW MISSING` is `[null]`).
 * When `bindAliases`, the row environment is extended with the output's fields under the
 * projection aliases, so ORDER BY can refer to them.
 */
export function* project(input: RowStream, p: CompiledProjection, raw: boolean, bindAliases: boolean, rc: RunContext): RowStream {
  for (const batch of input) {
    const out: Row[] = [];
    for (let bi = 0, bn = batch.length; bi < bn; bi++) {
      const row = batch[bi]!;
      const v = p.project(row, rc);
      let env = row.env;
      if (bindAliases && p.aliases.length && isObj(v)) {
        env = siblingEnv(row.env);
        for (const a of p.aliases) env[a] = (v as ObjectValue)[a];
      }
      out.push({ env, out: v });
    }
    if (out.length) yield out;
  }
}
