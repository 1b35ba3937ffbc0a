import type { IndexHint, JoinHint, OptimizerHint } from '../ast/index.js';
import type { Catalog } from './catalog.js';
import type { ScanPlan } from './logical-plan.js';

/**
 * The optimizer hints of one SELECT block and what became of them, as EXPLAIN's
 * `optimizer_hints` reports it (`hints_followed`, `hints_not_followed`, `hints_with_error`).
 * Hints never change rows. Source: couchbase/query `algebra/optimizer_hints.go`, `planner/build_join.go`.
 */
export class BlockHints {
  readonly followed: string[] = [];
  readonly notFollowed: string[] = [];
  readonly withError: string[] = [];

  constructor(private readonly hints: OptimizerHint[] = []) {
    for (const h of hints) if (h.kind === 'UNKNOWN') this.withError.push(`${h.text}: Invalid optimizer hint`);
  }

  /**
   * The join method for the join term `alias`: its own `USE HASH` / `USE NL` or a USE_HASH /
   * USE_NL hint. Both given: both are errors (`Duplicated join hint specified for keyspace`)
   * and neither is followed.
   */
  joinHint(alias: string, own: JoinHint | undefined): { hint?: JoinHint | 'HASH'; text?: string } {
    const opt = this.hints.find((h): h is Extract<OptimizerHint, { kind: 'USE_HASH' | 'USE_NL' }> => (h.kind === 'USE_HASH' || h.kind === 'USE_NL') && h.alias === alias);
    const ownText = own ? joinHintText(alias, own) : undefined;
    if (opt && own) {
      const dup = `Duplicated join hint specified for keyspace: ${alias}`;
      this.withError.push(`${optText(opt)}: ${dup}`, `${ownText}: ${dup}`);
      return {};
    }
    if (own) return { hint: own, text: ownText };
    if (!opt) return {};
    if (opt.kind === 'USE_NL') return { hint: 'NL', text: optText(opt) };
    return { hint: opt.side === 'BUILD' ? 'HASH_BUILD' : opt.side === 'PROBE' ? 'HASH_PROBE' : 'HASH', text: optText(opt) };
  }

  /**
   * The indexes the scan of `alias` may use: a USE INDEX list (`USING GSI` or none: tokenql's
   * indexes; `USING FTS`: none) or INDEX(alias idx …) hint narrows them (unknown names are errors), NO_INDEX(alias [idx …]) removes them. `report(scan)`
   * records whether the hints were followed once the scan is chosen.
   */
  indexes<T extends { name: string }>(alias: string, all: T[], own: IndexHint[] | undefined, catalog: Catalog): { usable: T[]; report: (scan: ScanPlan | undefined) => void } {
    void catalog;
    const opt = this.hints.filter((h): h is Extract<OptimizerHint, { kind: 'INDEX' | 'NO_INDEX' }> => (h.kind === 'INDEX' || h.kind === 'NO_INDEX') && h.alias === alias);
    // `USE INDEX (ix USING FTS)` names a full-text index: tokenql's indexes are all GSI, so
    // such a name narrows the scan to none of them (the block scans its primary index).
    let usable = own?.length ? all.filter((ix) => own.some((h) => h.name === ix.name && (h.using === undefined || h.using === 'GSI'))) : all;
    const checks: ((scan: ScanPlan | undefined) => void)[] = [];
    for (const h of opt) {
      const text = `${h.kind}(${['`' + alias + '`', ...h.indexes.map((i) => '`' + i + '`')].join(' ')})`;
      const unknown = h.indexes.filter((n) => !all.some((ix) => ix.name === n));
      if (unknown.length) {
        this.withError.push(`${text}: Invalid indexes specified: ${unknown.join(', ')}`);
        continue;
      }
      if (h.kind === 'INDEX') {
        const names = h.indexes;
        if (names.length) usable = usable.filter((ix) => names.includes(ix.name));
        checks.push((scan) => {
          const used = scan ? scannedIndexes(scan) : [];
          const ok = used.length > 0 && used.every((n) => names.length === 0 || names.includes(n));
          (ok ? this.followed : this.notFollowed).push(ok ? text : `${text}: INDEX hint cannot be followed`);
        });
      } else {
        usable = h.indexes.length ? usable.filter((ix) => !h.indexes.includes(ix.name)) : [];
        this.followed.push(text);
      }
    }
    return { usable, report: (scan) => checks.forEach((c) => c(scan)) };
  }

  /** EXPLAIN's `optimizer_hints`, or undefined when the block has no hint. */
  explain(): Record<string, string[]> | undefined {
    const out: Record<string, string[]> = {};
    // FROM terms are always joined in FROM order: ORDERED is followed (listed last, as the reference does).
    const followed = this.hints.some((h) => h.kind === 'ORDERED') ? [...this.followed, 'ORDERED'] : this.followed;
    if (followed.length) out.hints_followed = followed;
    if (this.notFollowed.length) out.hints_not_followed = this.notFollowed;
    if (this.withError.length) out.hints_with_error = this.withError;
    return Object.keys(out).length ? out : undefined;
  }
}

function scannedIndexes(scan: ScanPlan): string[] {
  return scan.kind === 'IndexScan3' ? [scan.index] : scan.scans.flatMap(scannedIndexes);
}

/** `USE_HASH(`b`/BUILD)`, `USE_NL(`b`)`: how the reference names a join hint. */
export function joinHintText(alias: string, h: JoinHint | 'HASH'): string {
  if (h === 'NL') return `USE_NL(\`${alias}\`)`;
  if (h === 'HASH') return `USE_HASH(\`${alias}\`)`;
  return `USE_HASH(\`${alias}\`/${h === 'HASH_BUILD' ? 'BUILD' : 'PROBE'})`;
}

function optText(h: Extract<OptimizerHint, { kind: 'USE_HASH' | 'USE_NL' }>): string {
  return h.kind === 'USE_NL' ? `USE_NL(\`${h.alias}\`)` : `USE_HASH(\`${h.alias}\`${h.side ? '/' + h.side : ''})`;
}
