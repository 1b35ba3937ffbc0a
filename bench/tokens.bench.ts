/**
 * Tokenization throughput (DESIGN §1.3): for each dataset, pre-parsed documents are run through
 * JSON.parse (of the same texts, for scale), a straightforward regexp baseline tokenizer,
 * TOKENS with default options, TOKENS {"case":"lower","specials":true} and a full-scan
 * CONTAINS_TOKEN for an absent token. Each operation is warmed up, then timed over several
 * rounds of all documents; the median round counts. Prints docs/s, MB/s of document JSON text,
 * and ratios against the baseline and JSON.parse, then the targets with PASS/FAIL.
 *
 *   npm run bench:tokens
 *   TOKENQL_BENCH_ROUNDS=n     rounds per operation (default 9)
 *   TOKENQL_BENCH_CLOCK=cpu    time with process CPU time instead of wall-clock time, for a
 *                              machine shared with other work (the ratios are then steadier)
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import type { Value } from '../src/values/index.js';
import { containsToken, parseTokenOptions, tokens } from '../src/tokens/index.js';
import { CPU_CLOCK, nowMs } from './query/measure.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = resolve(ROOT, '../shared/datasets');
const ROUNDS = Number(process.env.TOKENQL_BENCH_ROUNDS ?? 9);
const WARMUP = 3;
/** A timed round covers at least this many bytes of document text. */
const MIN_ROUND_BYTES = 8e6;
/** Seconds on the clock `TOKENQL_BENCH_CLOCK` chooses (the query benchmark's {@link nowMs}). */
const now = (): number => nowMs() / 1000;

interface Dataset {
  name: string;
  texts: string[];
  docs: Value[];
  bytes: number;
}

function readJsonl(file: string): string[] {
  return readFileSync(resolve(DATA, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
}

/** The `beer-sample/docs/<key>.json` entries of the beer-sample zip, as texts. */
function readBeerZip(file: string): Promise<string[]> {
  return new Promise((done, fail) => {
    const texts: string[] = [];
    yauzl.open(resolve(DATA, file), { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return fail(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!/^beer-sample\/docs\/[^/]+\.json$/.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e);
          const parts: Buffer[] = [];
          stream.on('data', (b: Buffer) => parts.push(b));
          stream.on('end', () => {
            texts.push(Buffer.concat(parts).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => done(texts));
      zip.readEntry();
    });
  });
}

function dataset(name: string, texts: string[]): Dataset {
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t, 'utf8'), 0);
  return { name, texts, docs: texts.map((t) => JSON.parse(t) as Value), bytes };
}

/** The straightforward tokenizer the fast one must beat: a Unicode regexp per string. */
const WORD_RUNS = /[\p{L}\p{N}]+/gu;
function baselineTokens(v: Value, out: Set<unknown>): void {
  if (typeof v === 'string') {
    for (const m of v.match(WORD_RUNS) ?? []) out.add(m);
  } else if (Array.isArray(v)) {
    for (const x of v) baselineTokens(x, out);
  } else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      for (const m of k.match(WORD_RUNS) ?? []) out.add(m);
      baselineTokens(x, out);
    }
  } else if (v !== undefined) {
    out.add(v);
  }
}

type Op = (d: Dataset) => number;

const DEFAULT = parseTokenOptions({});
const LOWER_SPECIALS = parseTokenOptions({ case: 'lower', specials: true });
const ABSENT = 'Zyzzogeton';

const OPS: [string, Op][] = [
  ['JSON.parse', (d) => d.texts.reduce((n, t) => n + (JSON.parse(t) ? 1 : 0), 0)],
  [
    'baseline /[\\p{L}\\p{N}]+/gu',
    (d) => {
      let n = 0;
      for (const doc of d.docs) {
        const s = new Set<unknown>();
        baselineTokens(doc, s);
        n += s.size;
      }
      return n;
    },
  ],
  ['TOKENS default', (d) => d.docs.reduce((n: number, doc) => n + tokens(doc, DEFAULT).length, 0)],
  ['TOKENS lower+specials', (d) => d.docs.reduce((n: number, doc) => n + tokens(doc, LOWER_SPECIALS).length, 0)],
  [`CONTAINS_TOKEN '${ABSENT}'`, (d) => d.docs.reduce((n: number, doc) => n + (containsToken(doc, ABSENT, DEFAULT) ? 1 : 0), 0)],
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/**
 * Median seconds per pass of each operation over all documents of the dataset. Rounds are
 * interleaved (every operation once per round) so that background load on a shared machine
 * affects all operations alike.
 */
function measureAll(d: Dataset): number[] {
  // Small datasets are run several times per round so that a round is long enough to time.
  const reps = Math.max(1, Math.ceil(MIN_ROUND_BYTES / d.bytes));
  let sink = 0;
  for (let i = 0; i < WARMUP; i++) for (const [, op] of OPS) sink += op(d);
  const times: number[][] = OPS.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    OPS.forEach(([, op], k) => {
      const t0 = now();
      for (let j = 0; j < reps; j++) sink += op(d);
      times[k].push((now() - t0) / reps);
    });
  }
  if (sink < 0) console.log(sink); // keep the work observable
  return times.map(median);
}

function pad(s: string, n: number, right = false): string {
  return right ? s.padStart(n) : s.padEnd(n);
}

async function main(): Promise<void> {
  const sets = [
    dataset('travel-sample', readJsonl('travel-sample.jsonl')),
    dataset('product', readJsonl('product.jsonl')),
    dataset('beer-sample', await readBeerZip('beer-sample.zip')),
  ];
  console.log(`rounds: ${ROUNDS} (median, interleaved), warm-up: ${WARMUP}, clock: ${CPU_CLOCK ? 'process CPU time' : 'wall'}, node ${process.version}\n`);
  console.log(
    [pad('dataset', 14), pad('operation', 30), pad('docs/s', 11, true), pad('MB/s', 8, true), pad('×baseline', 10, true), pad('×JSON.parse', 12, true)].join(' '),
  );
  const verdicts: string[] = [];
  for (const d of sets) {
    const mbps = new Map<string, number>();
    const secs = measureAll(d);
    for (const [k, [name]] of OPS.entries()) {
      const sec = secs[k];
      const mb = d.bytes / 1e6 / sec;
      mbps.set(name, mb);
      const base = mbps.get(OPS[1][0]);
      const json = mbps.get(OPS[0][0]) as number;
      console.log(
        [
          pad(d.name, 14),
          pad(name, 30),
          pad(Math.round(d.docs.length / sec).toLocaleString('en-US'), 11, true),
          pad(mb.toFixed(1), 8, true),
          pad(base === undefined ? '' : (mb / base).toFixed(2), 10, true),
          pad((mb / json).toFixed(2), 12, true),
        ].join(' '),
      );
    }
    const tok = mbps.get('TOKENS default') as number;
    const vsBase = tok / (mbps.get(OPS[1][0]) as number);
    const vsJson = tok / (mbps.get(OPS[0][0]) as number);
    verdicts.push(
      `${pad(d.name, 14)} TOKENS default ≥ 1.5× baseline: ${vsBase.toFixed(2)}× ${vsBase >= 1.5 ? 'PASS' : 'FAIL'}; ` +
        `≥ 0.3× JSON.parse: ${vsJson.toFixed(2)}× ${vsJson >= 0.3 ? 'PASS' : 'FAIL'}`,
    );
    console.log('');
  }
  console.log('targets:');
  for (const v of verdicts) console.log('  ' + v);
}

await main();
