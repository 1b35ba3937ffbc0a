/**
 * The datasets of the query benchmark: travel-sample.jsonl loaded from its file, and a corpus of
 * generated travel-like documents loaded from an iterable. Besides loading each keyspace, keeps
 * every document as the keyspace stores it (`db.get`, in load order: the very objects an index
 * build reads) and the values of the indexed fields of every document (MISSING as `undefined`),
 * so that TOKENS can be run over exactly the same documents outside the engine, and picks rare
 * tokens for lookups.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { tokens, type Database, type ObjectValue, type TokenOptions, type Value } from '../../src/index.js';
import { generateTravelLikeDocuments } from '../../src/demo/generate-travel-like.js';
import { fmtInt, nowMs } from './measure.js';

/** The fields the benchmark indexes with TOKENS, captured per document. */
export const CAPTURED_FIELDS = ['name', 'description'] as const;
export type CapturedField = (typeof CAPTURED_FIELDS)[number];

/** A loaded keyspace and the captured field values of its documents, in load order. */
export interface Dataset {
  keyspace: string;
  /** What was loaded, for the report. */
  source: string;
  docs: number;
  /** Milliseconds spent in db.load, excluding the generation of the documents. */
  loadMs: number;
  /** Milliseconds spent generating documents (generated corpus only). */
  genMs?: number;
  /**
   * Every document of the keyspace as the store holds it (`db.get(keyspace, key).value`), in load
   * order, which is the order of the keyspace's document slots that an index build visits.
   */
  documents: Value[];
  fields: Record<CapturedField, Value[]>;
}

function emptyFields(): Record<CapturedField, Value[]> {
  return { name: [], description: [] };
}

function capture(fields: Record<CapturedField, Value[]>, doc: Value): void {
  const o = doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? doc : {};
  for (const f of CAPTURED_FIELDS) fields[f].push(o[f]);
}

/**
 * The documents of `keyspace` with these keys, as the store holds them, in the order of `keys`.
 * @throws Error if a key has no document, or two keys share one (the dataset's keys must be the
 *   keyspace's documents, each once)
 */
function storedDocuments(db: Database, keyspace: string, keys: readonly string[]): Value[] {
  const count = db.count(keyspace);
  if (count !== keys.length) throw new Error(`${keyspace}: ${fmtInt(keys.length)} keys for ${fmtInt(count ?? 0)} documents`);
  return keys.map((k) => {
    const d = db.get(keyspace, k);
    if (d === undefined) throw new Error(`${keyspace}: no document with key ${k}`);
    return d.value;
  });
}

/** A document's key `<type>_<id>`: the key template `%type%_%id%`, as the generator's keys. */
const typeIdKey = (doc: Value): string => `${(doc as ObjectValue).type as string}_${(doc as ObjectValue).id as number}`;

function checkLoaded(keyspace: string, report: { loaded: number; failures: { message: string }[] }): void {
  if (report.failures.length > 0) {
    throw new Error(`${keyspace}: ${report.failures.length} documents failed to load, e.g. ${report.failures[0].message}`);
  }
}

/** Loads travel-sample.jsonl into `keyspace` with the key template `%type%_%id%`. */
export async function loadTravelSample(db: Database, root: string, keyspace: string): Promise<Dataset> {
  const path = resolve(root, '../shared/datasets/travel-sample.jsonl');
  const t0 = nowMs();
  const report = await db.load(keyspace, path, { key: '%type%_%id%' });
  const loadMs = nowMs() - t0;
  checkLoaded(keyspace, report);
  // The keys in load order, from the file's lines (the key template of the load above).
  const keys: string[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) if (line.trim() !== '') keys.push(typeIdKey(JSON.parse(line) as Value));
  const documents = storedDocuments(db, keyspace, keys);
  const fields = emptyFields();
  for (const doc of documents) capture(fields, doc);
  return { keyspace, source: 'travel-sample.jsonl', docs: report.loaded, loadMs, documents, fields };
}

/**
 * Generates `count` travel-like documents with the project's seeded generator and loads them into
 * `keyspace` as they are generated (keys `<type>_<id>`, as the generator's), so that only the
 * store's copy is kept (the dataset's documents are the store's). The time spent in the
 * generator is measured apart from the load.
 */
export async function loadGeneratedCorpus(db: Database, keyspace: string, count: number, seed: number): Promise<Dataset> {
  const keys: string[] = [];
  const gen = generateTravelLikeDocuments(count, seed);
  let genMs = 0;
  function* values(): Generator<Value> {
    for (;;) {
      const t = nowMs();
      const next = gen.next();
      genMs += nowMs() - t;
      if (next.done) return;
      keys.push(typeIdKey(next.value.value));
      yield next.value.value;
    }
  }
  const t0 = nowMs();
  const report = await db.load(keyspace, values(), { key: typeIdKey });
  const total = nowMs() - t0;
  checkLoaded(keyspace, report);
  const documents = storedDocuments(db, keyspace, keys);
  const fields = emptyFields();
  for (const doc of documents) capture(fields, doc);
  return { keyspace, source: `generateTravelLikeDocuments(${count}, ${seed})`, docs: report.loaded, loadMs: total - genMs, genMs, documents, fields };
}

/** A search token and the number of documents whose field has it. */
export interface RareToken {
  token: string;
  docs: number;
}

/** A word worth searching for: two letters or more (not a number or a single letter). */
const WORD = /\p{L}.*\p{L}/u;

/**
 * The `k` word tokens of TOKENS(value, opts) found in the fewest documents (ties broken by the
 * token's code units), for selective lookups that still return rows.
 */
export function rareTokens(values: readonly Value[], opts: TokenOptions, k: number): RareToken[] {
  const docFreq = new Map<string, number>();
  for (const v of values) {
    if (v === undefined) continue;
    for (const t of tokens(v, opts)) if (typeof t === 'string' && WORD.test(t)) docFreq.set(t, (docFreq.get(t) ?? 0) + 1);
  }
  return [...docFreq]
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, k)
    .map(([token, docs]) => ({ token, docs }));
}
