/**
 * What ADVISE says of the indexes a statement already uses (couchbase/query
 * `planner/build_advise_ee.go`: `current_indexes`, `index_status`; the Couchbase ADVISE
 * documentation): each index the statement's own plan scans is listed with its definition, and a
 * recommendation the statement already has is not made again. Beyond the reference, an existing
 * token index that differs from a recommended one only in the TOKENS options is reported
 * (docs/advisor.md), since the planner never uses such an index for that predicate.
 */
import type { Expr, IndexKey, Statement } from '../../ast/index.js';
import { walkExpr } from '../../ast/index.js';
import { printExpr } from '../../ast/print.js';
import type { IndexInfo } from '../../catalog/index.js';
import { NOT_CONSTANT } from '../../eval/index.js';
import { foldedConstant } from '../../semantic/static-expr.js';
import type { Value } from '../../values/index.js';
import { parseStatement } from '../../syntax/index.js';
import { keyspaceName, type Catalog } from '../catalog.js';
import { planOperators } from '../build-plan.js';
import type { StatementPlan } from '../plan/index.js';
import { indexKeyText } from '../sarg-index.js';
import type { IndexAdvice } from './advise-keyspace.js';

/** One index the statement's plan scans, as ADVISE lists it. */
export interface CurrentIndex {
  index_statement: string;
  keyspace_alias: string;
  /** Set when the index is the one the advisor would recommend. */
  index_status?: string;
}

/** An existing token index that misses a recommended one only on the TOKENS options (tokenql's). */
export interface TokenOptionsMismatch {
  index: string;
  index_statement: string;
  keyspace_alias: string;
  index_options: Value;
  predicate_options: Value;
}

/** The reference's texts. */
export const OPTIMAL_INDEX = 'THIS IS AN OPTIMAL INDEX.';
export const OPTIMAL_COVERING_INDEX = 'THIS IS AN OPTIMAL COVERING INDEX.';
export const NO_INDEX_RECOMMENDATION = 'No index recommendation at this time.';

const quote = (s: string) => '`' + s.replace(/`/g, '``') + '`';
const plainName = (s: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(s) ? s : quote(s));

/**
 * An existing index's definition as ADVISE prints it: `CREATE INDEX name ON `default`:`ks`(keys)
 * [WHERE cond]` or `CREATE PRIMARY INDEX name ON `default`:`ks``.
 */
export function currentIndexStatement(i: IndexInfo): string {
  const on = '`default`:' + i.keyspace.split('.').map(quote).join('.');
  if (i.isPrimary) return `CREATE PRIMARY INDEX ${plainName(i.name)} ON ${on}`;
  const keys = (i.definition ?? i.keys).map((k) => indexKeyText(k) + (k.desc ? ' DESC' : '') + (k.includeMissing ? ' INCLUDE MISSING' : '')).join(',');
  return `CREATE INDEX ${plainName(i.name)} ON ${on}(${keys})${i.where ? ` WHERE ${printExpr(i.where)}` : ''}`;
}

/** The indexes a plan scans (IndexScan3, PrimaryScan3, the count and distinct scans), in plan order, once each. */
export function scannedIndexes(plan: StatementPlan, catalog: Catalog): { info: IndexInfo; alias: string }[] {
  const out: { info: IndexInfo; alias: string }[] = [];
  for (const op of planOperators(plan)) {
    const o = op as unknown as { '#operator': string; index?: string; keyspace?: string; as?: string; _alias?: string };
    if (typeof o.index !== 'string' || typeof o.keyspace !== 'string' || !/Scan/.test(o['#operator'])) continue;
    const info = catalog.indexes?.(o.keyspace).find((i) => i.name === o.index);
    if (!info || out.some((x) => x.info.id === info.id)) continue;
    out.push({ info, alias: o._alias ?? o.as ?? o.keyspace.split('.').pop()! });
  }
  return out;
}

/** Keys and condition of an index definition, printed one way for comparing definitions. */
const shape = (keys: IndexKey[], where: Expr | undefined, strip = false): string =>
  keys.map((k) => indexKeyText(strip ? { ...k, expr: withoutTokenOptions(k.expr) } : k) + (k.desc ? ' DESC' : '') + (k.includeMissing ? ' INCLUDE MISSING' : '')).join(',') + '|' + (where ? printExpr(where) : '');

/** The expression with every TOKENS call's options dropped. */
function withoutTokenOptions(e: Expr): Expr {
  const copy = structuredClone(e);
  walkExpr(copy, (x) => {
    if (isTokensWithOptions(x)) x.args.length = 1;
  });
  return copy;
}

const isTokensWithOptions = (x: Expr): x is Expr & { kind: 'FunctionCall' } => x.kind === 'FunctionCall' && x.name.toLowerCase() === 'tokens' && x.args.length === 2;

/** The TOKENS options of an index definition's keys, in key order. */
function tokenOptions(keys: IndexKey[]): Expr[] {
  const out: Expr[] = [];
  for (const k of keys) {
    walkExpr(k.expr, (x) => {
      if (isTokensWithOptions(x)) out.push(x.args[1]!);
    });
  }
  return out;
}

/** A recommended index statement parsed back (its keyspace and keys); undefined if it does not parse. */
function parseAdvice(a: IndexAdvice): { keyspace: string; keys: IndexKey[]; where?: Expr } | undefined {
  let s: Statement;
  try {
    s = parseStatement(a.index_statement);
  } catch {
    return undefined;
  }
  if (s.kind !== 'CreateIndex') return undefined;
  return { keyspace: keyspaceName(s.keyspace), keys: s.keys, ...(s.where ? { where: s.where } : {}) };
}

/** The options' value where they fold to a constant, else their N1QL text. */
function optionValue(e: Expr | undefined): Value {
  if (!e) return null;
  const v = foldedConstant(e);
  return v === NOT_CONSTANT ? printExpr(e) : v;
}

/**
 * Sets the current indexes of an advice: the used indexes (marked optimal when they equal a
 * recommendation, which is then dropped), and the existing token indexes that differ from a
 * recommendation only in TOKENS options.
 */
export function withCurrentIndexes(
  used: { info: IndexInfo; alias: string }[],
  catalog: Catalog,
  indexes: IndexAdvice[],
  covering: IndexAdvice[],
): { current: CurrentIndex[]; indexes: IndexAdvice[]; covering: IndexAdvice[]; mismatches: TokenOptionsMismatch[] } {
  const current: CurrentIndex[] = used.map((u) => ({ index_statement: currentIndexStatement(u.info), keyspace_alias: u.alias }));
  const mismatches: TokenOptionsMismatch[] = [];
  const keep = (list: IndexAdvice[], status: string): IndexAdvice[] =>
    list.filter((a) => {
      const p = parseAdvice(a);
      if (!p) return true;
      const want = shape(p.keys, p.where);
      const same = used.findIndex((u) => u.info.keyspace === p.keyspace && !u.info.isPrimary && shape(u.info.keys, u.info.where) === want);
      if (same >= 0) {
        current[same]!.index_status = status;
        return false;
      }
      const wantOpts = tokenOptions(p.keys);
      if (wantOpts.length) {
        const stripped = shape(p.keys, p.where, true);
        for (const i of catalog.indexes?.(p.keyspace) ?? []) {
          if (i.isPrimary || shape(i.keys, i.where, true) !== stripped || mismatches.some((m) => m.index === i.name)) continue;
          const have = tokenOptions(i.keys);
          mismatches.push({
            index: i.name,
            index_statement: currentIndexStatement(i),
            keyspace_alias: a.keyspace_alias,
            index_options: optionValue(have[0]),
            predicate_options: optionValue(wantOpts[0]),
          });
        }
      }
      return true;
    });
  const keptCovering = keep(covering, OPTIMAL_COVERING_INDEX);
  const keptIndexes = keep(indexes, OPTIMAL_INDEX);
  // Fields in name order, as the reference's JSON (Go maps) prints them.
  const sorted = current.map((c) => ({ index_statement: c.index_statement, ...(c.index_status ? { index_status: c.index_status } : {}), keyspace_alias: c.keyspace_alias }));
  return { current: sorted, indexes: keptIndexes, covering: keptCovering, mismatches };
}
