import { siblingEnv, type Env, type Evaluator } from '../eval/index.js';
import { truth, type Value } from '../values/index.js';
import { joinOutcome } from './join-kernel.js';
import type { Row, RunContext } from './runtime.js';

/**
 * A row seeing the outer row's names and the inner row's own bindings (its alias and the
 * alias's META()): the inner row was made in another environment (a hash join's build side).
 * The outer row's names are copied ({@link siblingEnv}), not inherited; `innerNames` are the
 * inner row's own names when the caller has them already (a build row joins many outer rows).
 */
/**
 * The names an inner row binds itself: its own names less those it copied from `base`, the
 * environment its side ran in (a scan run with an outer environment copies that environment's
 * names into each row, {@link siblingEnv}); a WITH binding or an outer query's alias of the same
 * name must not overwrite the outer row's binding when the rows are combined.
 */
export function ownNames(env: Env, base: Env | undefined): string[] {
  const names = Object.keys(env);
  if (!base) return names;
  return names.filter((k) => !(k in base) || base[k] !== env[k]);
}

export function combine(outerEnv: Env, innerEnv: Env, innerNames: readonly string[] = Object.keys(innerEnv)): Env {
  const env = siblingEnv(outerEnv);
  for (let i = 0; i < innerNames.length; i++) env[innerNames[i]!] = innerEnv[innerNames[i]!];
  return env;
}

/**
 * Binds the inner row's own names (`innerNames`) into `env` itself: for an outer row that the
 * join owns and passes on as the joined row (its last match), instead of a {@link combine} copy.
 */
export function bindInto(env: Env, innerEnv: Env, innerNames: readonly string[]): void {
  for (let i = 0; i < innerNames.length; i++) env[innerNames[i]!] = innerEnv[innerNames[i]!];
}

/** True if the ON clause (if any) holds in `env`. */
export function onHolds(on: Evaluator | undefined, env: Env, rc: RunContext): boolean {
  return !on || truth(on(env, rc));
}

/**
 * Emits the rows of one outer row given its matching inner rows (environments that already see
 * the outer row): a row per match, or the nest of the matches' `alias` values, or the outer row
 * alone for an unmatched LEFT JOIN. Source: couchbase/query `execution/nl_join.go`, `nl_nest.go`.
 */
export function emit(out: Row[], outerEnv: Env, matches: Env[], alias: string, nest: boolean, outer: boolean): void {
  const o = joinOutcome(matches, nest, outer);
  switch (o.kind) {
    case 'rows':
      for (const m of o.matches) out.push({ env: m });
      return;
    case 'nest': {
      const env = siblingEnv(outerEnv);
      env[alias] = o.matches.map((m) => m[alias]) as Value;
      out.push({ env });
      return;
    }
    case 'unmatched':
      out.push({ env: siblingEnv(outerEnv) });
      return;
    case 'drop':
      return;
  }
}
