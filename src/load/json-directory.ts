import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { errorMessage, type ByteCounter, type RawDocument } from './raw-document.js';
import { utf8Text } from './utf8-text.js';

/**
 * Reads a directory of `.json` files, one document per file, in file-name order; each record's
 * `name` is the file name without `.json`. A directory in the cbimport sample layout (a `docs/`
 * sub-directory and no `.json` files of its own) is read from `docs/`. A file that is not valid
 * JSON, or not UTF-8, yields a failure naming the file; reading goes on.
 * @throws Error when the directory cannot be listed
 */
export async function* readJsonDirectory(dir: string, bytes: ByteCounter): AsyncGenerator<RawDocument> {
  let files = await jsonFiles(dir);
  if (files.length === 0) {
    const docs = join(dir, 'docs');
    const isDir = await stat(docs).then((s) => s.isDirectory(), () => false);
    if (isDir) {
      dir = docs;
      files = await jsonFiles(dir);
    }
  }
  const sizes = await Promise.all(files.map((f) => stat(join(dir, f)).then((s) => s.size, () => 0)));
  bytes.totalBytes = sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; i < files.length; i++) {
    const path = join(dir, files[i]);
    const name = basename(files[i], '.json');
    try {
      const text = utf8Text(await readFile(path));
      bytes.bytesRead += sizes[i];
      yield { ok: true, value: JSON.parse(text), source: path, name };
    } catch (err) {
      yield { ok: false, source: path, message: errorMessage(err) };
    }
  }
}

async function jsonFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.json'))
    .map((e) => e.name)
    .sort();
}
