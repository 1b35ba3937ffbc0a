import { readFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { errorMessage, type ByteCounter, type RawDocument } from './raw-document.js';
import { utf8Text } from './utf8-text.js';

/** Archives up to this size are read into memory first: much faster than a file read per entry. */
const IN_MEMORY_LIMIT = 256 * 1024 * 1024;

/** A document entry of a cbimport sample zip: `<name>/docs/<key>.json` (or `docs/<key>.json`). */
const DOC_ENTRY = /(?:^|\/)docs\/([^/]+)\.json$/i;

/**
 * Reads a cbimport *sample* zip (`<name>/docs/<key>.json` entries; `design_docs/` and other entries
 * are skipped), one document per entry, in archive order, with `name` = the entry's file name
 * without `.json`. An entry that is not valid JSON, or not UTF-8, yields a failure naming `zip:entry`.
 * `bytes` counts compressed bytes of the entries read against the archive size.
 * @throws Error when the file is not a readable zip
 */
export async function* readSampleZip(path: string, bytes: ByteCounter): AsyncGenerator<RawDocument> {
  const options = { lazyEntries: true, autoClose: true };
  const small = (await stat(path)).size <= IN_MEMORY_LIMIT;
  const zip = small ? await yauzl.fromBufferPromise(await readFile(path), options) : await yauzl.openPromise(path, options);
  bytes.totalBytes = zip.fileSize;
  try {
    for await (const entry of zip.eachEntry()) {
      bytes.bytesRead += entry.compressedSize + 30 + entry.fileName.length;
      const m = DOC_ENTRY.exec(entry.fileName);
      if (!m || entry.fileName.includes('design_docs/')) continue;
      const source = `${path}:${entry.fileName}`;
      try {
        const text = utf8Text(await readAll(await zip.openReadStreamPromise(entry)));
        yield { ok: true, value: JSON.parse(text), source, name: m[1] };
      } catch (err) {
        yield { ok: false, source, message: errorMessage(err) };
      }
    }
  } finally {
    zip.close();
  }
  bytes.bytesRead = bytes.totalBytes;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
