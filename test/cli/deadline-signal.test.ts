import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deadlineSignal } from '../../src/cli/deadline-signal.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Allocates, collects garbage and yields until `signal` aborts; the milliseconds it took, or -1 after `capMs`. */
async function busyUntilAborted(signal: AbortSignal, capMs: number): Promise<number> {
  const t0 = Date.now();
  while (!signal.aborted) {
    let junk: object[] = [];
    for (let i = 0; i < 50_000; i++) junk.push({ i });
    junk = [];
    gc();
    await new Promise((r) => setImmediate(r));
    if (Date.now() - t0 > capMs) return -1;
  }
  return Date.now() - t0;
}

describe('deadlineSignal', () => {
  it('times out a busy, garbage-collecting statement (Node 20 can collect the timeout of AbortSignal.any)', async () => {
    const { signal, clear } = deadlineSignal(new AbortController().signal, 50);
    const took = await busyUntilAborted(signal, 3000);
    clear();
    expect(took).toBeGreaterThanOrEqual(45);
    expect(took).toBeLessThan(3000);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('aborts with the parent and its reason; clear() stops the timer', async () => {
    const parent = new AbortController();
    const d = deadlineSignal(parent.signal, 10_000);
    parent.abort('stop');
    expect(d.signal.aborted).toBe(true);
    expect(d.signal.reason).toBe('stop');
    d.clear();
    const e = deadlineSignal(new AbortController().signal, 20);
    e.clear();
    await new Promise((r) => setTimeout(r, 60));
    expect(e.signal.aborted).toBe(false);
  });

  it('is the parent itself without a time limit', () => {
    const parent = new AbortController();
    expect(deadlineSignal(parent.signal, undefined).signal).toBe(parent.signal);
  });
});
