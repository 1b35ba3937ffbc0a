import { open } from 'node:fs/promises';
import { extname } from 'node:path';

/** How a (non-zip) file holds its documents. */
export type FileFormat = 'lines' | 'array' | 'document';

/** Bytes examined at the start of a file to detect its format. */
const PEEK_BYTES = 1 << 16;

/**
 * Detects the layout of a JSON file from its first bytes:
 * - `.jsonl` / `.ndjson` → `lines` (JSON Lines), whatever the content;
 * - first non-space character `[` → `array` (a JSON array of documents);
 * - `.json` whose first non-blank line is not a JSON value by itself → `document` (one
 *   pretty-printed document);
 * - otherwise `lines`.
 * @throws the fs error when the file cannot be opened or read
 */
export async function detectFileFormat(path: string): Promise<FileFormat> {
  const ext = extname(path).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return 'lines';
  const handle = await open(path, 'r');
  let head: string;
  let whole: boolean;
  try {
    const buf = Buffer.alloc(PEEK_BYTES);
    const { bytesRead } = await handle.read(buf, 0, PEEK_BYTES, 0);
    head = buf.subarray(0, bytesRead).toString('utf8');
    whole = bytesRead < PEEK_BYTES;
  } finally {
    await handle.close();
  }
  const start = head.search(/[^\s\uFEFF]/);
  if (start < 0) return 'lines';
  if (head[start] === '[') return 'array';
  if (ext !== '.json') return 'lines';
  const eol = head.indexOf('\n', start);
  if (eol < 0 && !whole) return 'document'; // a first line longer than the peek: one big document
  const firstLine = head.slice(start, eol < 0 ? undefined : eol);
  try {
    JSON.parse(firstLine);
    return 'lines';
  } catch {
    return 'document';
  }
}
