/**
 * Index build measurement of the query benchmark: CREATE INDEX time and heap growth, side by side
 * with running the engine's own TOKENS over the same field of every document.
 */
import { parseTokenOptions, tokens, type Database, type ObjectValue, type Value } from '../../src/index.js';
import type { CapturedField, Dataset } from './datasets.js';
import { heapUsed, median, nowMs } from './measure.js';

/** An index the benchmark creates. */
export interface IndexSpec {
  name: string;
  /** The index keys: what goes inside `CREATE INDEX name ON ks( … )`. */
  keys: string;
  /** For a TOKENS array index: the field and options of its TOKENS, run as the baseline. */
  tokens?: { field: CapturedField; options: ObjectValue };
}

/** `DISTINCT ARRAY v FOR v IN TOKENS(field[, options]) END` as index keys. */
export function tokensIndex(name: string, field: CapturedField, options: ObjectValue = {}): IndexSpec {
  const opts = Object.keys(options).length === 0 ? '' : `, ${JSON.stringify(options)}`;
  return { name, keys: `DISTINCT ARRAY v FOR v IN TOKENS(${field}${opts}) END`, tokens: { field, options } };
}

export interface BuildResult {
  spec: IndexSpec;
  /** Median milliseconds of CREATE INDEX (which builds the index at once). */
  buildMs: number;
  /** Median milliseconds of TOKENS(field, options) over every document, for token indexes. */
  tokensMs?: number;
  /** Median growth of the heap (after full GCs) caused by CREATE INDEX, in bytes. */
  heapBytes: number;
  /** What system:indexes says about the index: its state and any counters it exposes. */
  info: string;
}

let sink = 0;

/** TOKENS over every value (MISSING skipped, as TOKENS(MISSING) is MISSING); returns the token count. */
function tokensPass(values: readonly Value[], opts: ReturnType<typeof parseTokenOptions>): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== undefined) n += tokens(v, opts).length;
  }
  return n;
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

/**
 * Creates each index `rounds` times (dropping it between rounds; it exists at the end), each
 * time right after a timed TOKENS pass over the same values, so that both see the same machine
 * load. The first TOKENS pass of each index is a warm-up.
 */
export async function measureBuilds(db: Database, ds: Dataset, specs: readonly IndexSpec[], rounds: number): Promise<BuildResult[]> {
  const out: BuildResult[] = [];
  for (const spec of specs) {
    const opts = spec.tokens && parseTokenOptions(spec.tokens.options);
    const values = spec.tokens && ds.fields[spec.tokens.field];
    if (values && opts) sink += tokensPass(values, opts);
    const build: number[] = [];
    const toks: number[] = [];
    const heap: number[] = [];
    for (let r = 0; r < rounds; r++) {
      if (values && opts) {
        const t0 = nowMs();
        sink += tokensPass(values, opts);
        toks.push(nowMs() - t0);
      }
      const before = heapUsed();
      const t0 = nowMs();
      await db.query(`CREATE INDEX ${spec.name} ON ${ds.keyspace}(${spec.keys})`);
      build.push(nowMs() - t0);
      heap.push(heapUsed() - before);
      if (r < rounds - 1) await db.query(`DROP INDEX ${spec.name} ON ${ds.keyspace}`);
    }
    out.push({
      spec,
      buildMs: median(build),
      tokensMs: toks.length ? median(toks) : undefined,
      heapBytes: median(heap),
      info: await indexInfo(db, ds.keyspace, spec.name),
    });
  }
  if (sink < 0) console.log(sink); // keep the TOKENS work observable
  return out;
}
