/**
 * Crash safety: a child process writes (logging each write before it is issued and each
 * acknowledgement, line by line, with synchronous appends to a log file) and compacts; it is
 * killed with SIGKILL at random moments — half of the rounds just after a compaction started —
 * and the directory is reopened each time. Each key has one writer, so per key: the document is
 * the one of its last acknowledged write, or of its one unacknowledged write (fully present or
 * absent); and the index must agree with the documents.
 * Rounds: TOKENQL_CRASH_ROUNDS (default 12). TOKENQL_CRASH_DEBUG=1 prints, on a mismatch, every
 * record of the key in the data files and the writes the parent saw.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { recordingLogger, tempDir } from './helpers.js';

const ROUNDS = Number(process.env.TOKENQL_CRASH_ROUNDS ?? 12);
const WRITER = fileURLToPath(new URL('./crash-writer.ts', import.meta.url));

interface Op {
  id: number;
  del: boolean;
  key: string;
  value: unknown;
}

/** Runs the writer until it is killed; returns the issued writes in order and the acknowledged ids. */
function runWriter(dir: string, seed: number, duringCompaction: boolean, durability: string): Promise<{ ops: Op[]; acked: Set<number>; killedInCompaction: boolean }> {
  return new Promise((resolve, reject) => {
    const logPath = `${dir}.log`;
    rmSync(logPath, { force: true });
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir, String(seed), durability, logPath], { stdio: ['ignore', 'pipe', 'inherit'] });
    const ops: Op[] = [];
    const acked = new Set<number>();
    let buffered = '';
    let compacting = false;
    let killedInCompaction = false;
    let armed = false;
    const kill = (): void => {
      if (child.exitCode !== null || child.killed) return;
      killedInCompaction = compacting;
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop()!; // an incomplete last line is ignored
      for (const line of lines) {
        if (line === 'READY') {
          if (!duringCompaction) setTimeout(kill, 100 + Math.floor(Math.random() * 600));
          else setTimeout(() => (armed = true), 100 + Math.floor(Math.random() * 300));
        } else if (line === 'C') {
          compacting = true;
          if (armed) {
            armed = false;
            setTimeout(kill, Math.floor(Math.random() * 8));
          }
        } else if (line === 'D') compacting = false;
      }
    });
    const readLog = (): void => {
      const lines = readFileSync(logPath, 'utf8').split('\n');
      lines.pop(); // an incomplete last line is ignored
      rmSync(logPath, { force: true });
      for (const line of lines) {
        if (line.startsWith('A ')) acked.add(Number(line.slice(2)));
        else if (line.startsWith('B ')) {
          const [, id, op, key, ...rest] = line.split(' ');
          ops.push({ id: Number(id), del: op === 'del', key, value: op === 'del' ? undefined : JSON.parse(rest.join(' ')) });
        }
      }
    };
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer exited with ${code ?? signal}`));
      else {
        readLog();
        resolve({ ops, acked, killedInCompaction });
      }
    });
  });
}

describe('crash safety (SIGKILL, also during compaction)', () => {
  it(`loses no acknowledged write in ${ROUNDS} kills`, { timeout: 60_000 + ROUNDS * 15_000 }, async () => {
    const t = tempDir('tokenql-crash-');
    try {
      // The state every round starts from (the documents as last reopened).
      let state = new Map<string, unknown>();
      let inCompaction = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const { ops, acked, killedInCompaction } = await runWriter(t.dir, round * 7919 + 1, round % 2 === 1, round % 3 === 2 ? 'batch' : 'fsync');
        if (killedInCompaction) inCompaction++;
        const logger = recordingLogger();
        const db = await Database.open({ path: t.dir, logger });
        expect(logger.errors).toEqual([]);
        if (logger.warnings.length) console.info(`round ${round}: ${logger.warnings.join('; ')}`);
        const found = new Map([...db.scan('b')].map((d) => [d.key, d.value]));
        // Per key (each key has one writer, so at most its last write is unacknowledged): the
        // document is the one after its last acknowledged write, or after the unacknowledged one.
        const byKey = new Map<string, Op[]>();
        for (const o of ops) byKey.set(o.key, [...(byKey.get(o.key) ?? []), o]);
        for (const key of new Set([...state.keys(), ...found.keys(), ...byKey.keys()])) {
          const list = byKey.get(key) ?? [];
          const pending = list.filter((o) => !acked.has(o.id));
          expect(pending.length <= 1 && (pending.length === 0 || pending[0] === list.at(-1)), `round ${round}: ${key} has acknowledgements out of order`).toBe(true);
          const done = list.filter((o) => acked.has(o.id)).at(-1);
          const allowed = [done ? (done.del ? undefined : done.value) : state.get(key)];
          if (pending.length) allowed.push(pending[0].del ? undefined : pending[0].value);
          const got = JSON.stringify(found.get(key));
          if (!allowed.map((v) => JSON.stringify(v)).includes(got) && process.env.TOKENQL_CRASH_DEBUG) {
            const { readdirSync, readFileSync: rf } = await import('node:fs');
            const { decodeAt } = await import('../../../src/storage/file/record.js');
            const bdir = `${t.dir}/b_b`;
            console.log('files', readdirSync(bdir), rf(`${bdir}/CURRENT`, 'utf8'));
            for (const f of readdirSync(bdir).filter((x) => x.startsWith('data.'))) {
              const buf = rf(`${bdir}/${f}`);
              for (let p = 0; p < buf.length; ) {
                const r = decodeAt(buf, p);
                if (!('type' in r)) break;
                const txt = r.payload.toString();
                if (txt.startsWith(`["${key}"`)) console.log(f, p, txt.slice(0, 60));
                p += r.size;
              }
            }
            console.log(JSON.stringify(list.map((o) => [o.id, o.del, acked.has(o.id)])));
          }
          expect(allowed.map((v) => JSON.stringify(v)), `round ${round}: ${key} (${list.length} writes, ${pending.length} unacknowledged) ${JSON.stringify(list.slice(-3).map((o) => [o.id, o.del, acked.has(o.id)]))} state ${JSON.stringify(state.get(key))?.slice(0, 30)}`).toContain(got);
        }
        // The index agrees with the documents.
        const viaIndex = (await db.query('SELECT RAW META().id FROM b WHERE n > 0 ORDER BY META().id')).results;
        expect(JSON.stringify(await db.explain('SELECT RAW META().id FROM b WHERE n > 0'))).toContain('IndexScan');
        expect(viaIndex).toEqual([...found.keys()].sort());
        const stats = db.bucketStats('b');
        // Live bytes recovered from the files never exceed the files (fragmentation is clamped at 0, so check before it).
        expect(stats.data.liveBytes).toBeLessThanOrEqual(stats.data.fileBytes);
        expect(stats.views['_design/ddl_ix'].liveBytes).toBeLessThanOrEqual(stats.views['_design/ddl_ix'].fileBytes);
        state = found;
        await db.close();
      }
      console.info(`crash test: ${ROUNDS} rounds, ${inCompaction} killed during a compaction`);
      expect(inCompaction).toBeGreaterThan(0);
    } finally {
      t.cleanup();
    }
  });
});
