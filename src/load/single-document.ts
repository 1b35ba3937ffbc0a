import { readFile } from 'node:fs/promises';
import { errorMessage, type ByteCounter, type RawDocument } from './raw-document.js';
import { utf8Text } from './utf8-text.js';

/**
 * Reads a file holding exactly one (typically pretty-printed) JSON document. Invalid JSON, or bytes
 * that are not UTF-8, yield one failure for the file.
 */
export async function* readSingleDocument(path: string, bytes: ByteCounter): AsyncGenerator<RawDocument> {
  const buf = await readFile(path);
  bytes.bytesRead = bytes.totalBytes;
  let value;
  try {
    value = JSON.parse(utf8Text(buf));
  } catch (err) {
    yield { ok: false, source: path, line: 1, message: errorMessage(err) };
    return;
  }
  yield { ok: true, value, source: path, line: 1 };
}
