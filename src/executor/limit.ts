import type { Row, RowStream } from './runtime.js';

/** Offset then Limit: skips `offset` rows and stops pulling after `limit` rows. */
export function* offsetLimit(input: RowStream, offset: number, limit: number | undefined): RowStream {
  let skip = offset;
  let left = limit ?? Infinity;
  if (left <= 0) return;
  for (const batch of input) {
    let rows: Row[] = batch;
    if (skip > 0) {
      if (rows.length <= skip) {
        skip -= rows.length;
        continue;
      }
      rows = rows.slice(skip);
      skip = 0;
    }
    if (rows.length >= left) {
      yield rows.slice(0, left);
      return;
    }
    left -= rows.length;
    yield rows;
  }
}
