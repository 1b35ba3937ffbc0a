import { createReadStream } from 'node:fs';
import type { ByteCounter, RawDocument } from './raw-document.js';

/**
 * A format reader over any stream of byte chunks (a file, standard input): JSON Lines
 * (`jsonLinesOf`) or a JSON array (`jsonArrayOf`). `onChunk` is called as each chunk arrives.
 */
export type ChunkReader = (chunks: AsyncIterable<Buffer>, source: string, onChunk?: () => void) => AsyncGenerator<RawDocument>;

/**
 * Runs `reader` over the file at `path` (also the `source` of every record), streamed in 1 MiB
 * chunks, with `bytes.bytesRead` kept up to date for progress; the file is closed however the
 * reading ends.
 */
export async function* readFileChunks(reader: ChunkReader, path: string, bytes: ByteCounter): AsyncGenerator<RawDocument> {
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  try {
    yield* reader(stream as AsyncIterable<Buffer>, path, () => (bytes.bytesRead = stream.bytesRead));
  } finally {
    stream.destroy();
  }
  bytes.bytesRead = bytes.totalBytes;
}
