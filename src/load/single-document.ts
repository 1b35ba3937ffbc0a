import { readFile } from 'node:fs/promises';
import { errorMessage, type ByteCounter, type RawDocument } from './raw-document.js';

/**
 * Reads a file holding exactly one (typically pretty-printed) JSON document. Invalid JSON yields
 * one failure for the file.
 */
export async function* readSingleDocument(path: string, bytes: ByteCounter): AsyncGenerator<RawDocument> {
  let text = await readFile(path, 'utf8');
  bytes.bytesRead = bytes.totalBytes;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value;
  try {
    value = JSON.parse(text);
  } catch (err) {
    yield { ok: false, source: path, line: 1, message: errorMessage(err) };
    return;
  }
  yield { ok: true, value, source: path, line: 1 };
}
