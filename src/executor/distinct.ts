import { distinctKey } from '../values/index.js';
import type { Row, RowStream } from './runtime.js';

/** Distinct: drops rows whose output value is equivalent to an earlier row's (a value holding NaN never is). */
export function* distinct(input: RowStream): RowStream {
  const seen = new Set<string>();
  for (const batch of input) {
    const out: Row[] = [];
    for (const row of batch) {
      const k = distinctKey(row.out);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(row);
    }
    if (out.length) yield out;
  }
}
