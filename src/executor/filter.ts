import { type Evaluator } from '../eval/index.js';
import { truth } from '../values/index.js';
import type { Row, RowStream, RunContext } from './runtime.js';

/** Filter: keeps the rows whose condition is true (MISSING, NULL and FALSE drop the row). */
export function* filter(input: RowStream, cond: Evaluator, rc: RunContext): RowStream {
  for (const batch of input) {
    const out: Row[] = [];
    for (const row of batch) if (truth(cond(row.env, rc))) out.push(row);
    if (out.length) yield out;
  }
}
