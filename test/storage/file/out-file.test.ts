import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OutFile } from '../../../src/storage/file/out-file.js';

describe('OutFile (the writer of a compaction\'s new file)', () => {
  // /dev/full answers every write with ENOSPC: a full disk, for real.
  it.runIf(existsSync('/dev/full'))('raises ENOSPC with the path of the file it was writing', async () => {
    const fh = await open('/dev/full', 'w');
    try {
      const out = new OutFile(fh, '/dev/full');
      out.write(Buffer.from('record'));
      const err = await out.flush().then(() => undefined, (e: unknown) => e as Error & { code?: string });
      expect(err?.code).toBe('ENOSPC');
      expect(err?.message).toMatch(/^ENOSPC: no space left on device, write \(writing \/dev\/full\)$/);
    } finally {
      await fh.close();
    }
  });
});
