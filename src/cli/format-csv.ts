import { stringify } from 'csv-stringify/sync';
import type { Value } from '../index.js';
import { columnsOf } from './format-table.js';

/**
 * Rows as CSV (RFC 4180, written by `csv-stringify`): a header of the field names in order of
 * first appearance, then one record per row; a MISSING field is an empty cell, NULL is `null`,
 * objects and arrays are their JSON text. Rows that are not objects are one column named `$1`.
 */
export function formatCsv(rows: readonly Value[]): string {
  const objects = rows.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r));
  const columns = objects ? columnsOf(rows) : ['$1'];
  const records = rows.map((r) => (objects ? columns.map((c) => cell((r as Record<string, Value>)[c])) : [cell(r)]));
  return stringify([columns, ...records], { record_delimiter: 'unix' }).replace(/\n$/, '');
}

function cell(v: Value): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}
