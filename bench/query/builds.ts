/**
 * Index build measurement of the query benchmark: CREATE INDEX time and memory growth, side by
 * side with running the engine's own TOKENS over the same field of every document (the target's
 * baseline: each document the keyspace stores is visited, its field read, and TOKENS run on it),
 * and, for information, over the field values alone (read out of the documents beforehand) and
 * as the N1QL query a user would run ({@link tokensQuery}).
 */
import { parseTokenOptions, tokens, type Database, type ObjectValue, type Value } from '../../src/index.js';
import type { CapturedField, Dataset } from './datasets.js';
import { fullGc, memoryInUse, median, nowMs } from './measure.js';

/** An index the benchmark creates. */
export interface IndexSpec {
  name: string;
  /** The index keys: what goes inside `CREATE INDEX name ON ks( … )`. */
  keys: string;
  /** For a TOKENS array index: the field and options of its TOKENS, run as the baseline. */
  tokens?: { field: CapturedField; options: ObjectValue };
}

/** `TOKENS(field[, options])`: the options left out when there are none. */
function tokensCall(field: CapturedField, options: ObjectValue): string {
  return Object.keys(options).length === 0 ? `TOKENS(${field})` : `TOKENS(${field}, ${JSON.stringify(options)})`;
}

/** `DISTINCT ARRAY v FOR v IN TOKENS(field[, options]) END` as index keys. */
export function tokensIndex(name: string, field: CapturedField, options: ObjectValue = {}): IndexSpec {
  return { name, keys: `DISTINCT ARRAY v FOR v IN ${tokensCall(field, options)} END`, tokens: { field, options } };
}

export interface BuildResult {
  spec: IndexSpec;
  /** Median milliseconds of CREATE INDEX (which builds the index at once). */
  buildMs: number;
  /** The timed CREATE INDEX runs, in milliseconds (their spread shows the machine's noise). */
  buildRuns: number[];
  /** Median milliseconds of TOKENS(doc.field, options) over every document, for token indexes. */
  tokensMs?: number;
  /** The timed runs of TOKENS over every document, in milliseconds. */
  tokensRuns: number[];
  /** Median milliseconds of TOKENS over the field values alone, already read out of the documents. */
  valuesMs?: number;
  /** Median milliseconds of the N1QL query that runs TOKENS over every document ({@link tokensQuery}). */
  queryMs?: number;
  /** Growth of the memory in use (JS heap and ArrayBuffers, after full GCs) caused by one more CREATE INDEX, untimed, in bytes. */
  memoryBytes: number;
  /** What system:indexes says about the index: its state and any counters it exposes. */
  info: string;
}

let sink = 0;

type Options = ReturnType<typeof parseTokenOptions>;

/** TOKENS over every value (MISSING skipped, as TOKENS(MISSING) is MISSING); returns the token count. */
function valuesPass(values: readonly Value[], opts: Options): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== undefined) n += tokens(v, opts).length;
  }
  return n;
}

/** TOKENS(doc.field) over every document (a field that is not there is MISSING); returns the token count. */
function documentsPass(docs: readonly Value[], field: string, opts: Options): number {
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as ObjectValue;
    const v = Object.hasOwn(d, field) ? d[field] : undefined;
    if (v !== undefined) n += tokens(v, opts).length;
  }
  return n;
}

/**
 * The statement that runs TOKENS (the N1QL function) over the field of every document, as a user
 * would: `SELECT RAW SUM(ARRAY_LENGTH(TOKENS(field[, options]))) FROM ks` (one row, so that the
 * result does not grow with the keyspace).
 */
export function tokensQuery(keyspace: string, spec: IndexSpec): string | undefined {
  if (!spec.tokens) return undefined;
  return `SELECT RAW SUM(ARRAY_LENGTH(${tokensCall(spec.tokens.field, spec.tokens.options)})) FROM ${keyspace}`;
}

const KNOWN_FIELDS = new Set(['id', 'name', 'keyspace_id', 'namespace_id', 'index_key', 'condition', 'is_primary', 'state', 'using']);

/** The state of an index and any numeric fields system:indexes shows beyond the definition. */
async function indexInfo(db: Database, keyspace: string, name: string): Promise<string> {
  const { results } = await db.query('SELECT RAW i FROM system:indexes AS i WHERE i.keyspace_id = $ks AND i.name = $n', {
    params: { ks: keyspace, n: name },
  });
  const row = results[0] as ObjectValue | undefined;
  if (!row) return 'not in system:indexes';
  const extra = Object.entries(row)
    .filter(([k, v]) => !KNOWN_FIELDS.has(k) && typeof v === 'number')
    .map(([k, v]) => `${k}=${(v as number).toLocaleString('en-US')}`);
  return [String(row.state), ...(extra.length ? extra : ['entries not exposed'])].join(', ');
}

/** From this many documents, each round starts with a full GC. */
const LARGE = 100_000;

/** Timed runs of {@link tokensQuery} (after as many untimed): a full scan, seconds on the 1M corpus. */
const queryRuns = (docs: number): number => (docs >= LARGE ? 3 : 11);

/**
 * Untimed builds before the timed ones: on a small keyspace the first dozen builds run before the
 * JIT has optimized the build (the TOKENS baseline, one long loop, is optimized within its first pass).
 */
const warmUpBuilds = (docs: number): number => (docs >= LARGE ? 2 : 20);

/**
 * Creates each index `rounds` times (dropping it between rounds), each time right after timed
 * TOKENS passes over the same documents and values, so that all three see the same machine load.
 * The first TOKENS passes and builds ({@link warmUpBuilds}) of each index are a warm-up; a last,
 * untimed build between full GCs measures the heap, and the index stays.
 */
export async function measureBuilds(db: Database, ds: Dataset, specs: readonly IndexSpec[], rounds: number): Promise<BuildResult[]> {
  const out: BuildResult[] = [];
  for (const spec of specs) {
    const opts = spec.tokens && parseTokenOptions(spec.tokens.options);
    const field = spec.tokens?.field;
    const values = field && ds.fields[field];
    if (field && values && opts) sink += documentsPass(ds.documents, field, opts) + valuesPass(values, opts);
    for (let w = 0; w < warmUpBuilds(ds.docs); w++) {
      await db.query(`CREATE INDEX ${spec.name} ON ${ds.keyspace}(${spec.keys})`);
      await db.query(`DROP INDEX ${spec.name} ON ${ds.keyspace}`);
    }
    const build: number[] = [];
    const toks: number[] = [];
    const vals: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // On a large keyspace, a full GC first, so that no major GC of a heap of gigabytes lands in
      // a timed section by chance, then an untimed TOKENS pass, which pays for the sweeping after it.
      if (ds.docs >= LARGE) fullGc();
      if (field && values && opts) {
        if (ds.docs >= LARGE) sink += documentsPass(ds.documents, field, opts);
        let t0 = nowMs();
        sink += documentsPass(ds.documents, field, opts);
        toks.push(nowMs() - t0);
        t0 = nowMs();
        sink += valuesPass(values, opts);
        vals.push(nowMs() - t0);
      }
      const t0 = nowMs();
      await db.query(`CREATE INDEX ${spec.name} ON ${ds.keyspace}(${spec.keys})`);
      build.push(nowMs() - t0);
      await db.query(`DROP INDEX ${spec.name} ON ${ds.keyspace}`);
    }
    const query = tokensQuery(ds.keyspace, spec);
    const queries: number[] = [];
    if (query) {
      for (let r = 0; r < queryRuns(ds.docs); r++) await db.query(query);
      for (let r = 0; r < queryRuns(ds.docs); r++) {
        if (ds.docs >= LARGE) fullGc();
        const t0 = nowMs();
        await db.query(query);
        queries.push(nowMs() - t0);
      }
    }
    // Memory growth in a build of its own: the full GCs it needs would slow the timed builds after them.
    const before = memoryInUse();
    await db.query(`CREATE INDEX ${spec.name} ON ${ds.keyspace}(${spec.keys})`);
    const memoryBytes = memoryInUse() - before;
    out.push({
      spec,
      buildMs: median(build),
      buildRuns: build,
      tokensMs: toks.length ? median(toks) : undefined,
      tokensRuns: toks,
      valuesMs: vals.length ? median(vals) : undefined,
      queryMs: queries.length ? median(queries) : undefined,
      memoryBytes,
      info: await indexInfo(db, ds.keyspace, spec.name),
    });
  }
  if (sink < 0) console.log(sink); // keep the TOKENS work observable
  return out;
}
