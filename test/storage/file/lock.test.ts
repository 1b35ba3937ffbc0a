import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { tempDir } from './helpers.js';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

describe('directory lock', () => {
  it('refuses a second open of the same directory with a clear error, until the first is closed', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = await Database.open({ path: t.dir });
    await expect(Database.open({ path: t.dir })).rejects.toThrow(new RegExp(`The data directory .* is in use by process ${process.pid}`));
    await db.close();
    const again = await Database.open({ path: t.dir });
    await again.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(t.dir, 'LOCK'), dead);
    const db = await Database.open({ path: t.dir });
    await db.close();
  });
});
