import type { FunctionCall } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { collate, type Value } from '../values/index.js';
import { canonicalKey } from '../values/index.js';

/** Accumulates one aggregate over the rows of a group. */
export interface Accumulator {
  add(v: Value): void;
  result(): Value;
}

/**
 * Creates the accumulator of an aggregate call. MISSING and NULL inputs are ignored by every
 * aggregate except COUNT(*) (counts rows) and ARRAY_AGG (keeps NULL); an aggregate over no
 * values gives 0 for COUNT/COUNTN and NULL otherwise. DISTINCT forms see each equivalent value
 * once. Source: couchbase/query `algebra/agg_*.go`.
 */
export function createAccumulator(call: FunctionCall): Accumulator {
  const name = call.name.toLowerCase();
  const inner = base(name, call);
  if (!call.distinct) return inner;
  const seen = new Set<string>();
  return {
    add(v) {
      if (v === undefined) return;
      const k = canonicalKey(v);
      if (seen.has(k)) return;
      seen.add(k);
      inner.add(v);
    },
    result: () => inner.result(),
  };
}

function base(name: string, call: FunctionCall): Accumulator {
  switch (name) {
    case 'count': {
      let n = 0;
      if (call.star) return { add: () => void n++, result: () => n };
      return { add: (v) => void (v !== undefined && v !== null && n++), result: () => n };
    }
    case 'countn': {
      let n = 0;
      return { add: (v) => void (typeof v === 'number' && n++), result: () => n };
    }
    case 'sum':
    case 'avg': {
      let sum = 0;
      let n = 0;
      return {
        add(v) {
          if (typeof v === 'number') {
            sum += v;
            n++;
          }
        },
        result: () => (n === 0 ? null : name === 'sum' ? sum : sum / n),
      };
    }
    case 'min':
    case 'max': {
      let best: Value = undefined;
      const sign = name === 'min' ? 1 : -1;
      return {
        add(v) {
          if (v === undefined || v === null) return;
          if (best === undefined || sign * collate(v, best) < 0) best = v;
        },
        result: () => (best === undefined ? null : best),
      };
    }
    case 'array_agg': {
      // Sorted by collation, as the reference's ComputeFinal sorts (algebra/agg_array.go).
      const out: Value[] = [];
      return { add: (v) => void (v !== undefined && out.push(v)), result: () => (out.length ? out.sort(collate) : null) };
    }
    default:
      throw new QueryError({ code: ErrorCode.UNKNOWN_FUNCTION, phase: 'semantic', message: `Invalid aggregate ${call.name}`, position: call.loc });
  }
}

/** Checks an aggregate call's arguments: COUNT(*) or exactly one argument, and no nested aggregate. */
export function checkAggregateCall(call: FunctionCall): void {
  const n = call.args.length;
  if (call.star ? call.name.toLowerCase() !== 'count' || n !== 0 : n !== 1) {
    throw new QueryError({
      code: ErrorCode.WRONG_ARITY,
      phase: 'semantic',
      message: `Number of arguments to aggregate ${call.name.toUpperCase()} must be 1${call.name.toLowerCase() === 'count' ? ' (or *)' : ''}`,
      position: call.loc,
    });
  }
}
