import { JsonArrayScanner, type ScannedElement } from './json-array-scanner.js';
import { readFileChunks } from './file-chunks.js';
import { errorMessage, type ByteCounter, type RawDocument } from './raw-document.js';
import { INVALID_BYTE, Utf8Chunks } from './utf8-text.js';

/**
 * Streams a file holding one JSON array of documents, element by element (the file is never held
 * in memory as a whole). An element that is not valid JSON, or not UTF-8, yields a failure with
 * the 1-based line it starts on; reading goes on.
 * @param path file path (also the `source` of every record)
 * @param bytes updated with the bytes read so far
 */
export async function* readJsonArray(path: string, bytes: ByteCounter): AsyncGenerator<RawDocument> {
  yield* readFileChunks(jsonArrayOf, path, bytes);
}

/**
 * The JSON array reader of {@link readJsonArray} over any stream of byte chunks (a file, stdin).
 * An element with bytes that are not UTF-8 yields a failure `invalid UTF-8`, as a line of JSON
 * Lines does.
 * @param source the `source` of every record
 * @param onChunk called as each chunk arrives (progress)
 */
export async function* jsonArrayOf(chunks: AsyncIterable<Buffer>, source: string, onChunk: () => void = () => {}): AsyncGenerator<RawDocument> {
  const scanner = new JsonArrayScanner();
  const text = new Utf8Chunks();
  for await (const chunk of chunks) {
    onChunk();
    yield* toDocuments(scanner.push(text.write(chunk)), source);
  }
  const rest = text.end();
  if (rest) yield* toDocuments(scanner.push(rest), source);
  yield* toDocuments(scanner.end(), source);
}

function* toDocuments(elements: ScannedElement[], source: string): Generator<RawDocument> {
  for (const e of elements) {
    if ('error' in e) {
      yield { ok: false, source, line: e.line, message: e.error };
      continue;
    }
    if (e.text.includes(INVALID_BYTE)) {
      yield { ok: false, source, line: e.line, message: 'invalid UTF-8' };
      continue;
    }
    try {
      yield { ok: true, value: JSON.parse(e.text), source, line: e.line };
    } catch (err) {
      yield { ok: false, source, line: e.line, message: errorMessage(err) };
    }
  }
}
