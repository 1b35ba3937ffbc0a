import { aggregateSlot, bindDocument, childEnv, childScope, compileExpr, rootEnv, siblingEnv, type Env, type Evaluator, type Scope } from '../../eval/index.js';
import type { IndexScan3 } from '../../planner/index.js';
import { aggregateKey } from '../../planner/aggregate-calls.js';
import { canonicalKey, type Value } from '../../values/index.js';
import type { StoredDocument } from '../../storage/index.js';
import { checkAggregateCall, createAccumulator, type Accumulator } from '../aggregates.js';
import { coveredDocument, identityKey } from '../covered-document.js';
import { AggregateSlots, blockScope, type CompileContext, type CompiledOperator } from '../operator-context.js';
import { BATCH_SIZE, due, PAUSE, type Row, type RowStream } from '../runtime.js';
import type { WalkWatch } from '../index-walk.js';
import { compileScan } from './key-source.js';
import { keyspaceOf } from './keyspace-of.js';

/**
 * How one GROUP BY key or aggregate operand is read from an index entry: straight from the
 * entry's key at `pos` (an index key met whole; `-2` for META().id; `-3` for an operand that
 * reads no index key, evaluated once per run), or by evaluating `eval` on the covered document
 * (an expression over index keys, or a key whose entry value is not the document's own: 0 or an
 * object, covered-document.ts).
 */
interface EntryRead {
  pos: number;
  eval: Evaluator;
}

/** One group: its keys, accumulators, and the environment of its first entry (for the projection). */
interface Group {
  keys: Value[];
  accs: Accumulator[];
  env: Env;
}

/**
 * IndexScan3 with `index_group_aggs`: walks the spans of a covering scan of a scalar index and
 * groups the live documents' entries by the GROUP BY keys, accumulating the block's aggregates
 * (MISSING and NULL operands as every aggregate treats them: ignored, COUNT(*) counts the
 * entry); emits one row per group in the order groups are first met (index order), binding the
 * covered document of the group's first entry under the alias, the aggregates' values (as
 * FinalGroup binds them) and the GROUP BY aliases. Without GROUP BY keys one row even for no
 * entries (`COUNT` 0, other aggregates NULL). Entries are aggregated as the index is walked, in
 * index order (in slices with pauses between them, index-walk.ts); the rows follow in batches
 * with pauses. On the primary index (`_primary`) the entries are the keyspace's documents in key
 * order. With `limit` (OFFSET+LIMIT, pushed when the index order serves the ORDER BY), the walk
 * stops once that many groups are complete; with `offset` (then `limit` is LIMIT alone) the
 * first `offset` groups are not emitted. When the index changed while the walk was paused,
 * the groups are made again from a second walk that takes each document's entry once (a document
 * that moved between two keys counts in one group). Source: couchbase/query `execution/index_scan3.go` with `IndexGroupAggregates` (the
 * indexer's grouping).
 */
export function compileIndexGroupAggs(op: IndexScan3, cx: CompileContext): CompiledOperator {
  const ga = op.index_group_aggs!;
  const alias = op._alias;
  const paths = op._coverPaths!;
  const constScope: Scope = { names: new Set(), keyspaceAliases: [], compileSubquery: cx.base.compileSubquery };
  const scan = compileScan({ ...op, index_group_aggs: undefined }, constScope);
  const rowScope = blockScope(cx.base, [alias], alias, true);
  const read = (e: import('../../ast/index.js').Expr, keypos: number): EntryRead => ({ pos: keypos, eval: compileExpr(e, rowScope) });
  // A group key that is META().id has entry id paths.length (the reference's numbering).
  const keys: EntryRead[] = ga._group_keys.map((k, i) => {
    const g = ga.group?.[i];
    return read(k, !g ? -1 : g.keypos >= 0 ? g.keypos : g.id === paths.length ? -2 : -1);
  });
  ga._aggregates.forEach(checkAggregateCall);
  // An operand that reads no index key (`COUNT(1)`, a parameter) is evaluated once per run (pos -3).
  const args: (EntryRead | undefined)[] = ga._aggregates.map((call, i) => (call.star ? undefined : read(call.args[0], ga.aggregates?.[i]?.depends ? ga.aggregates[i].keypos : -3)));
  const limitExpr = op.limit ? compileExpr(op.limit, constScope) : undefined;
  const offsetExpr = op.offset ? compileExpr(op.offset, constScope) : undefined;
  const slots = new AggregateSlots(ga._aggregates, aggregateKey);
  const aliases = ga._aliases ?? [];
  const names = aliases.filter((a): a is string => a !== null);
  const path = `default:${op.keyspace}`;
  return {
    cx: { ...cx, scope: { ...childScope(rowScope, names), aggregates: slots }, starAliases: [alias] },
    run: function* (_input, outer, rc): RowStream {
      const ks = keyspaceOf(rc, op.keyspace);
      // The live documents' entries, aggregated as the index is walked (an expired document is
      // left out, and expired after the walk; without documents that can expire, none is read
      // but for the environment of a group's first entry or an expression the entry cannot give).
      const check = ks.mayExpire?.() !== false;
      const expired: string[] = [];
      const groups = new Map<string, Group>();
      let last: Group | undefined;
      const constants = args.map((a) => (a?.pos === -3 ? a.eval(outer ?? rootEnv(), rc) : undefined));
      let id = '';
      let key: Value[] = [];
      let doc: StoredDocument | undefined;
      let env: Env | undefined;
      // The covered document's environment of the current entry, made once and only when needed.
      const entryEnv = (): Env => {
        if (env) return env;
        env = outer ? siblingEnv(outer) : rootEnv();
        bindDocument(env, alias, coveredDocument(paths, key, (doc ??= ks.peek(id)!), op._coverExpressionKeys, op._coverConstants), { id, cas: 0, expiration: 0, keyspace: path });
        return env;
      };
      const value = (r: EntryRead): Value => {
        if (r.pos === -2) return id;
        if (r.pos >= 0) {
          const v = key[r.pos];
          if (identityKey(v)) return v;
        }
        return r.eval(entryEnv(), rc);
      };
      // A pushed LIMIT (index order served, OFFSET+LIMIT): the walk stops at the entry that would start one group more.
      const lim = limitExpr?.(outer ?? rootEnv(), rc);
      // A pushed OFFSET skips that many groups (a negative or non-number one none, as the Offset operator reads it).
      const off = offsetExpr?.(outer ?? rootEnv(), rc);
      const skip = typeof off === 'number' && off > 0 ? Math.floor(off) : 0;
      const maxGroups = typeof lim === 'number' ? Math.max(0, Math.floor(lim)) + skip : Infinity;
      const watch: WalkWatch = { changed: false };
      /** Each document's entry once, when the walk is taken again (below). */
      let seen: Set<string> | undefined;
      const aggregate = () =>
        scan.walk!(
          rc,
          (k, docs) => {
            key = k;
            for (const d of docs) {
              if (seen) {
                if (seen.has(d)) continue;
                seen.add(d);
              }
              id = d;
              env = undefined;
              doc = undefined;
              if (check) {
                doc = ks.peek(d);
                if (!doc) {
                  expired.push(d);
                  continue;
                }
              }
              let g: Group | undefined;
              let kv: Value[] | undefined;
              if (keys.length > 0) {
                kv = keys.map((x) => value(x));
                // Entries come in index order: one with the previous entry's (scalar) key values is in its group.
                if (last && kv.every((v, j) => v === last!.keys[j] && (v === null || typeof v !== 'object'))) g = last;
              } else g = last;
              if (!g) {
                const gid = kv ? (kv.length === 1 ? canonicalKey(kv[0]) : canonicalKey(kv)) : '';
                g = groups.get(gid);
                if (!g && groups.size >= maxGroups) return false;
                if (!g) {
                  g = { keys: kv ?? [], accs: ga._aggregates.map((c) => createAccumulator(c)), env: entryEnv() };
                  rc.memory?.add(96 + gid.length * 2);
                  groups.set(gid, g);
                }
              }
              last = g;
              for (let j = 0; j < args.length; j++) {
                const a = args[j];
                g.accs[j].add(a ? (a.pos === -3 ? constants[j] : value(a)) : null);
              }
            }
          },
          outer,
          false,
          watch,
        );
      yield* aggregate();
      // A document whose key moved while the walk was paused may have been aggregated under its
      // old key and its new one: the groups are made again, each document's entry once.
      if (watch.changed) {
        groups.clear();
        last = undefined;
        expired.length = 0;
        seen = new Set();
        yield* aggregate();
      }
      for (const x of expired) ks.get(x);
      let rows: Row[] = [];
      const emit = (base: Env, keyValues: Value[], accs: Accumulator[]): void => {
        const e = childEnv(base);
        for (let j = 0; j < accs.length; j++) e[aggregateSlot(j)] = accs[j].result();
        aliases.forEach((a, j) => {
          if (a !== null) e[a] = keyValues[j];
        });
        rows.push({ env: e });
      };
      if (groups.size === 0 && keys.length === 0) emit(outer ? childEnv(outer) : rootEnv(), [], ga._aggregates.map((c) => createAccumulator(c)));
      let skipped = 0;
      for (const g of groups.values()) {
        if (skipped < skip) {
          skipped++;
          continue;
        }
        emit(g.env, g.keys, g.accs);
        if (rows.length >= BATCH_SIZE) {
          yield rows;
          rows = [];
          if (due(rc)) yield PAUSE;
        }
      }
      if (rows.length) yield rows;
    },
  };
}
