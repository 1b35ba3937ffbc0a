import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { errorMessage, type ByteCounter, type RawDocument } from './raw-document.js';

/**
 * Streams a JSON Lines file: one JSON value per line, blank lines skipped, a UTF-8 BOM ignored.
 * A line that is not valid JSON yields a failure with its 1-based line number; reading goes on.
 * @param path file path (also the `source` of every record)
 * @param bytes updated with the bytes read so far
 */
export async function* readJsonLines(path: string, bytes: ByteCounter): AsyncGenerator<RawDocument> {
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (let text of lines) {
      line++;
      bytes.bytesRead = stream.bytesRead;
      if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (isBlank(text)) continue;
      try {
        yield { ok: true, value: JSON.parse(text), source: path, line };
      } catch (err) {
        yield { ok: false, source: path, line, message: errorMessage(err) };
      }
    }
  } finally {
    lines.close();
    stream.destroy();
  }
  bytes.bytesRead = bytes.totalBytes;
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
}
