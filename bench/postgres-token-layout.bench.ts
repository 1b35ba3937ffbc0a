/**
 * The layout of a TOKENS index in PostgreSQL (issue 25), measured on a private PostgreSQL
 * (bench/support/postgres.ts) with the generated travel-like corpus (TOKENS of `name`, default
 * options, tokens computed with the engine's `tokens()`):
 *
 * - A: rows `(index_id, key bytea, doc_key text COLLATE "C")` with the B-tree primary key
 *   `(index_id, key, doc_key)`, the table every index of the store uses (docs/postgres.md "Index
 *   keys"); spans by `indexSpanSql`. Built two ways: rows loaded then the primary key built
 *   (A), and rows inserted in key order into the table with its key already there (A-shared: how
 *   the store builds an index in the table the other indexes already fill). "A, doc_key only"
 *   reads the same rows without their keys (the client's cost of the bytea column shows).
 * - B: one row per document `(doc_key, tokens text[] COLLATE "C")` with a GIN index on `tokens`:
 *   points by `tokens @> ARRAY[t]`. A GIN on text[] has no order, so no prefix or range: they are
 *   measured as a scan (B-scan: `EXISTS (SELECT FROM unnest(tokens) …)`), through a dictionary
 *   of the distinct tokens with a B-tree (B-dict: the tokens in the range, then `tokens && …`), and
 *   for prefixes through pg_trgm (B-trgm: the tokens as one text, ` t1 t2 `, with a
 *   gin_trgm_ops index, `LIKE '% prefix%'`).
 *
 * Measured: build (load, index builds; wall and server CPU), size on disk, and per query class
 * the wall-clock p50 and p99 of the statements (all rows fetched) and the server CPU per
 * statement, as min / median / max over the runs (each run repeats its queries for 300 ms at least); rows returned; a COUNT of one token; the
 * maintenance of one document's entries (its tokens replaced: A deletes its rows and inserts
 * the new ones in one statement; B updates its array). A check compares every layout's answer
 * (the distinct document keys) with A's.
 *
 *   npm run bench:pg-tokens
 *   TOKENQL_BENCH_DOCS=n   documents (default 100,000)
 *   TOKENQL_BENCH_RUNS=n   runs of each query class (default 5)
 */
import pg from 'pg';
import { generateTravelLikeDocuments, Mulberry32 } from '../src/demo/index.js';
import { encodeIndexKey } from '../src/storage/postgres/collation-key.js';
import { DEFAULT_TOKEN_OPTIONS, tokens } from '../src/tokens/index.js';
import { compareStrings, prefixSuccessor } from '../src/values/index.js';
import { fmtInt, fmtMB, fmtMs, percentile, printTable } from './query/measure.js';
import { aCount, aDocs, aPaged, aRows, bCount, bDict, bPaged, bPoint, bScan, bTrgm, PAGE, point, type QueryArgs, type Step } from './support/pg-token-layouts.js';
import { startPostgres } from './support/postgres.js';
import { loadAverage, minMedMax, timed, withBackendPid, type TimedClient } from './support/pg-timing.js';

const DOCS = Number(process.env.TOKENQL_BENCH_DOCS ?? 100_000);
const RUNS = Number(process.env.TOKENQL_BENCH_RUNS ?? 5);
/** Rows per INSERT of the load (one unnest of arrays per statement). */
const BATCH = 10_000;
/**
 * A run of a query class repeats its queries for at least this long, so that the backend's CPU
 * time (counted in 10 ms ticks) is read to a few per cent.
 */
const MIN_RUN_MS = 300;
/** The separator of a document's tokens in B's load (tokens of the default options are words: never it). */
const SEP = '\u001f';

interface Doc {
  key: string;
  toks: string[];
}

// ---- the corpus and the queries ----

function corpus(): Doc[] {
  const docs: Doc[] = [];
  for (const { key, value } of generateTravelLikeDocuments(DOCS, 20251127)) {
    const toks = tokens(value.name, DEFAULT_TOKEN_OPTIONS);
    if (toks.length === 0) continue;
    if (!toks.every((t) => typeof t === 'string' && !t.includes(SEP) && !t.includes(' '))) throw new Error(`a token the bench cannot load: ${JSON.stringify(toks)}`);
    docs.push({ key, toks: toks as string[] });
  }
  return docs;
}

interface Queries {
  rare: QueryArgs[];
  common: QueryArgs[];
  prefix: QueryArgs[];
  range: QueryArgs[];
  wide: QueryArgs[];
}

/** Rare tokens (in one document), the most common ones, 3-character prefixes and ranges of 50 distinct tokens, drawn with a fixed seed. */
function queries(docs: Doc[]): Queries {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.toks) df.set(t, (df.get(t) ?? 0) + 1);
  const distinct = [...df.keys()].sort(compareStrings);
  const rng = new Mulberry32(7);
  const pick = <T>(xs: T[], n: number): T[] => Array.from({ length: n }, () => xs[Math.floor(rng.next() * xs.length)]!);
  const ones = distinct.filter((t) => df.get(t) === 1);
  const byDf = [...distinct].sort((a, b) => df.get(b)! - df.get(a)!);
  const prefixArgs = (p: string): QueryArgs => ({ range: { low: p, high: prefixSuccessor(p), inclusion: 1 }, prefix: p });
  // Prefixes of tokens drawn by entry (so as often as documents hold them): the prefixes users type.
  const entries = docs.flatMap((d) => d.toks).filter((t) => [...t].length >= 4);
  const range = (i: number, n: number): QueryArgs => ({ range: { low: distinct[i], high: distinct[Math.min(i + n, distinct.length - 1)], inclusion: 1 } });
  return {
    rare: pick(ones.length > 0 ? ones : distinct, 50).map(point),
    common: byDf.slice(0, 10).map(point),
    prefix: pick(entries, 20).map((t) => prefixArgs([...t].slice(0, 3).join(''))),
    range: Array.from({ length: 20 }, () => range(Math.floor(rng.next() * Math.max(1, distinct.length - 50)), 50)),
    wide: [{ range: { low: 'M', high: 'N', inclusion: 1 } }],
  };
}

// ---- build ----

interface Built {
  layout: string;
  steps: [string, number, number][];
}

async function exec(tc: TimedClient, label: string, steps: [string, number, number][], f: () => Promise<unknown>): Promise<void> {
  const t = await timed(tc, f);
  steps.push([label, t.wallMs, t.serverCpuMs]);
}

async function insertBatches<T>(c: pg.Client, items: T[], text: string, cols: (batch: T[]) => unknown[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await c.query(text, cols(items.slice(i, i + BATCH)));
}

async function build(tc: TimedClient, docs: Doc[]): Promise<Built[]> {
  const c = tc.client;
  const entries: [Buffer, string][] = [];
  for (const d of docs) for (const t of d.toks) entries.push([encodeIndexKey([t], [false]), d.key]);
  const sorted = [...entries].sort((x, y) => Buffer.compare(x[0], y[0]) || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
  const out: Built[] = [];
  const insertA = (table: string, rowsIn: [Buffer, string][]) =>
    insertBatches(c, rowsIn, `INSERT INTO ${table} SELECT 1, k, d FROM unnest($1::bytea[], $2::text[]) AS t(k, d)`, (b) => [b.map((e) => e[0]), b.map((e) => e[1])]);

  let steps: [string, number, number][] = [];
  await c.query('CREATE TABLE tok_a (index_id int NOT NULL, key bytea NOT NULL, doc_key text COLLATE "C" NOT NULL)');
  await exec(tc, 'insert rows (document order)', steps, () => insertA('tok_a', entries));
  await exec(tc, 'primary key (index_id, key, doc_key)', steps, () => c.query('ALTER TABLE tok_a ADD PRIMARY KEY (index_id, key, doc_key)'));
  await exec(tc, 'VACUUM ANALYZE', steps, () => c.query('VACUUM ANALYZE tok_a'));
  out.push({ layout: 'A', steps });

  steps = [];
  await c.query('CREATE TABLE tok_a2 (index_id int NOT NULL, key bytea NOT NULL, doc_key text COLLATE "C" NOT NULL, PRIMARY KEY (index_id, key, doc_key))');
  await exec(tc, 'insert rows in key order, key present', steps, () => insertA('tok_a2', sorted));
  await exec(tc, 'VACUUM ANALYZE', steps, () => c.query('VACUUM ANALYZE tok_a2'));
  out.push({ layout: 'A-shared', steps });

  steps = [];
  await c.query('CREATE TABLE tok_b (doc_key text COLLATE "C" NOT NULL, tokens text[] COLLATE "C" NOT NULL)');
  await exec(tc, 'insert rows', steps, () =>
    insertBatches(c, docs, `INSERT INTO tok_b SELECT d, string_to_array(t, chr(31)) FROM unnest($1::text[], $2::text[]) AS u(d, t)`, (b) => [b.map((d) => d.key), b.map((d) => d.toks.join(SEP))]),
  );
  await exec(tc, 'primary key (doc_key)', steps, () => c.query('ALTER TABLE tok_b ADD PRIMARY KEY (doc_key)'));
  await exec(tc, 'GIN (tokens)', steps, () => c.query('CREATE INDEX tok_b_gin ON tok_b USING gin (tokens)'));
  await exec(tc, 'VACUUM ANALYZE', steps, () => c.query('VACUUM ANALYZE tok_b'));
  out.push({ layout: 'B', steps });

  steps = [];
  const distinct = [...new Set(docs.flatMap((d) => d.toks))];
  await c.query('CREATE TABLE tok_dict (token text COLLATE "C" PRIMARY KEY)');
  await exec(tc, 'insert distinct tokens, key present', steps, () => insertBatches(c, distinct, 'INSERT INTO tok_dict SELECT unnest($1::text[])', (b) => [b]));
  await exec(tc, 'VACUUM ANALYZE', steps, () => c.query('VACUUM ANALYZE tok_dict'));
  out.push({ layout: 'B-dict (+B)', steps });

  steps = [];
  await c.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await c.query('CREATE TABLE tok_c (doc_key text COLLATE "C" NOT NULL PRIMARY KEY, words text COLLATE "C" NOT NULL)');
  await exec(tc, 'insert rows, key present', steps, () =>
    insertBatches(c, docs, 'INSERT INTO tok_c SELECT * FROM unnest($1::text[], $2::text[])', (b) => [b.map((d) => d.key), b.map((d) => ` ${d.toks.join(' ')} `)]),
  );
  await exec(tc, 'GIN (words gin_trgm_ops)', steps, () => c.query('CREATE INDEX tok_c_trgm ON tok_c USING gin (words gin_trgm_ops)'));
  await exec(tc, 'VACUUM ANALYZE', steps, () => c.query('VACUUM ANALYZE tok_c'));
  out.push({ layout: 'B-trgm', steps });
  return out;
}

async function sizes(c: pg.Client): Promise<string[][]> {
  const r = await c.query<{ t: string; heap: string; idx: string; total: string; n: string }>(
    `SELECT t, pg_relation_size(t) AS heap, pg_indexes_size(t) AS idx, pg_total_relation_size(t) AS total, (SELECT reltuples::bigint FROM pg_class WHERE oid = t::regclass) AS n
       FROM unnest(ARRAY['tok_a', 'tok_a2', 'tok_b', 'tok_dict', 'tok_c']) AS t`,
  );
  return r.rows.map((x) => [x.t, fmtInt(Number(x.n)), fmtMB(Number(x.heap)), fmtMB(Number(x.idx)), fmtMB(Number(x.total)), (Number(x.total) / Number(x.n)).toFixed(0)]);
}

// ---- queries ----

interface ClassResult {
  cls: string;
  layout: string;
  p50: number[];
  p99: number[];
  cpu: number[];
  rows: number;
}

/** Runs `step` on every query of `qs`, once to warm up and check, then {@link RUNS} times. */
async function measure(tc: TimedClient, cls: string, layout: string, step: Step, qs: QueryArgs[], expected: Set<string>[] | undefined, counts = false): Promise<ClassResult> {
  let rowsTotal = 0;
  for (let i = 0; i < qs.length; i++) {
    const got = await step(tc.client, qs[i]!);
    rowsTotal += counts ? Number(got[0]) : got.length;
    if (expected) {
      const want = expected[i]!;
      const same = counts ? Number(got[0]) === want.size : new Set(got).size === want.size && got.every((k) => want.has(k));
      if (!same) throw new Error(`${cls} ${layout}: query ${i} gave ${counts ? got[0] : new Set(got).size} documents, A ${want.size}`);
    }
  }
  const res: ClassResult = { cls, layout, p50: [], p99: [], cpu: [], rows: rowsTotal / qs.length };
  for (let r = 0; r < RUNS; r++) {
    const ms: number[] = [];
    const t = await timed(tc, async () => {
      const start = performance.now();
      do {
        for (const q of qs) {
          const t0 = performance.now();
          await step(tc.client, q);
          ms.push(performance.now() - t0);
        }
      } while (performance.now() - start < MIN_RUN_MS);
    });
    res.p50.push(percentile(ms, 50));
    res.p99.push(percentile(ms, 99));
    res.cpu.push(t.serverCpuMs / ms.length);
  }
  return res;
}

/**
 * The maintenance of one document's entries: the tokens of 200 distinct documents replaced by
 * another document's, and back on the next run. A deletes the entries of the tokens the document
 * loses and inserts those it gains (the store knows the old version's tokens: it reads the
 * document to write it); B writes the new array.
 */
async function updates(tc: TimedClient, docs: Doc[]): Promise<ClassResult[]> {
  const rng = new Mulberry32(11);
  const n = 200;
  const chosen = new Map<string, readonly [Doc, Doc]>();
  while (chosen.size < Math.min(n, docs.length)) {
    const d = docs[Math.floor(rng.next() * docs.length)]!;
    chosen.set(d.key, [d, docs[Math.floor(rng.next() * docs.length)]!]);
  }
  const pairs = [...chosen.values()];
  const c = tc.client;
  // The commit's WAL flush is the same for both layouts: left out, to see the index work.
  await c.query('SET synchronous_commit = off');
  const enc = (toks: string[]) => toks.map((t) => encodeIndexKey([t], [false]));
  const a = async (key: string, from: string[], to: string[]) => {
    const gone = from.filter((t) => !to.includes(t));
    const added = to.filter((t) => !from.includes(t));
    await c.query({
      name: 'a-update',
      text: 'WITH gone AS (DELETE FROM tok_a WHERE index_id = 1 AND doc_key = $1 AND key = ANY($2::bytea[])) INSERT INTO tok_a SELECT 1, k, $1 FROM unnest($3::bytea[]) AS k',
      values: [key, enc(gone), enc(added)],
    });
  };
  const b = async (key: string, _from: string[], to: string[]) => {
    await c.query({ name: 'b-update', text: 'UPDATE tok_b SET tokens = $2 WHERE doc_key = $1', values: [key, to] });
  };
  const out: ClassResult[] = [];
  for (const [layout, f] of [['A', a], ['B', b], ['B, fastupdate off', b]] as const) {
    // GIN's fast update appends a write's entries to a pending list that lookups scan and VACUUM
    // (or the list's size limit) merges into the index later; off, each write updates the index.
    if (layout === 'B, fastupdate off') await c.query('ALTER INDEX tok_b_gin SET (fastupdate = off)');
    const res: ClassResult = { cls: 'update one document', layout, p50: [], p99: [], cpu: [], rows: 0 };
    // A run is passes over the documents, each pass writing the other version of each, for at
    // least MIN_RUN_MS and an even number of passes: every run leaves the documents as they were.
    for (let r = 0; r <= RUNS; r++) {
      const ms: number[] = [];
      const t = await timed(tc, async () => {
        const start = performance.now();
        for (let pass = 0; pass % 2 === 1 || performance.now() - start < MIN_RUN_MS; pass++) {
          for (const [d, o] of pairs) {
            const [from, to] = pass % 2 === 0 ? [d.toks, o.toks] : [o.toks, d.toks];
            const t0 = performance.now();
            await f(d.key, from, to);
            ms.push(performance.now() - t0);
          }
        }
      });
      if (r === 0) continue; // the warm-up run
      res.p50.push(percentile(ms, 50));
      res.p99.push(percentile(ms, 99));
      res.cpu.push(t.serverCpuMs / ms.length);
    }
    out.push(res);
  }
  return out;
}

async function main(): Promise<void> {
  const server = await startPostgres();
  if (!server) {
    console.log('PostgreSQL is not installed (no initdb on PATH): nothing to measure.');
    return;
  }
  const client = new pg.Client({ host: server.host, port: server.port, user: 'postgres', database: 'postgres' });
  try {
    await client.connect();
    const tc = await withBackendPid(client);
    console.log(`bench:pg-tokens: ${fmtInt(DOCS)} travel-like documents, TOKENS(name) with default options; ${RUNS} runs; load average ${loadAverage()}`);
    const t0 = performance.now();
    const docs = corpus();
    const entryCount = docs.reduce((n, d) => n + d.toks.length, 0);
    console.log(`corpus: ${fmtInt(docs.length)} documents with tokens, ${fmtInt(entryCount)} entries, ${fmtInt(new Set(docs.flatMap((d) => d.toks)).size)} distinct tokens (${fmtMs(performance.now() - t0)} ms to generate and tokenize)\n`);

    const built = await build(tc, docs);
    console.log('Build (wall ms, server CPU ms)');
    printTable(
      ['layout', 'step', 'wall ms', 'server CPU ms'],
      built.flatMap((b) => [...b.steps.map((s) => [b.layout, s[0], fmtMs(s[1]), fmtMs(s[2])]), [b.layout, 'total', fmtMs(b.steps.reduce((n, s) => n + s[1], 0)), fmtMs(b.steps.reduce((n, s) => n + s[2], 0))]]),
      [false, false, true, true],
    );
    console.log('\nSize on disk (MB; bytes per row)');
    printTable(['table', 'rows', 'heap', 'indexes', 'total', 'B/row'], await sizes(client), [false, true, true, true, true, true]);
    await client.query('DROP TABLE tok_a2');

    const q = queries(docs);
    /** The documents of each query, from A (entries: a document once per matching token). */
    const truth = async (qs: QueryArgs[]) => {
      const out: Set<string>[] = [];
      for (const x of qs) out.push(new Set(await aRows(client, x)));
      return out;
    };
    const results: ClassResult[] = [];
    const classes: [string, QueryArgs[], [string, Step][], boolean][] = [
      ['point, rare token', q.rare, [['A', aRows], ['B', bPoint]], false],
      ['point, common token', q.common, [['A', aRows], ['A, doc_key only', aDocs], ['B', bPoint]], false],
      [`point, common, pages of ${PAGE}`, q.common, [['A', aPaged], ['B', bPaged]], false],
      ['prefix (3 characters)', q.prefix, [['A', aRows], ['A, doc_key only', aDocs], ['B-scan', bScan], ['B-dict', bDict], ['B-trgm', bTrgm]], false],
      ['range of 50 tokens', q.range, [['A', aRows], ['B-scan', bScan], ['B-dict', bDict]], false],
      ["range ['M', 'N')", q.wide, [['A', aRows], ['A, doc_key only', aDocs], ['B-scan', bScan], ['B-dict', bDict]], false],
      ['COUNT, rare token', q.rare, [['A', aCount], ['B', bCount]], true],
      ['COUNT, common token', q.common, [['A', aCount], ['B', bCount]], true],
    ];
    for (const [cls, qs, layouts, counts] of classes) {
      const want = await truth(qs);
      for (const [layout, step] of layouts) results.push(await measure(tc, cls, layout, step, qs, want, counts));
    }
    results.push(...(await updates(tc, docs)));
    console.log(`\nQueries: wall ms per statement (p50, p99) and server CPU ms per statement, min / median / max of ${RUNS} runs; rows: mean per query (documents; A's entries for prefix and range)`);
    printTable(
      ['query', 'layout', 'rows', 'p50 ms', 'p99 ms', 'server CPU ms'],
      results.map((r) => [r.cls, r.layout, fmtInt(r.rows), minMedMax(r.p50, fmtMs), minMedMax(r.p99, fmtMs), minMedMax(r.cpu, fmtMs)]),
      [false, false, true, true, true, true],
    );
    console.log(`\nload average at the end: ${loadAverage()}`);
  } finally {
    await client.end();
    server.stop();
  }
}

await main();
