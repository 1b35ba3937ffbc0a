/**
 * Turns of long work on the event loop (src/event-loop-turns.ts): pieces of work waiting for
 * their turn are resumed one per loop iteration, in arrival order, so the loop reaches its I/O
 * between any two of them.
 */
import { describe, expect, it } from 'vitest';
import { nextTurn } from '../../src/event-loop-turns.js';

describe('nextTurn', () => {
  it('resumes one waiting piece of work per event-loop iteration, round robin', async () => {
    // A probe counts the loop's iterations (it runs once per check phase).
    let iteration = 0;
    let probing = true;
    const probe = (): void => {
      iteration++;
      if (probing) setImmediate(probe);
    };
    setImmediate(probe);
    const slices: [string, number][] = [];
    const worker = async (name: string): Promise<void> => {
      for (let i = 0; i < 4; i++) {
        slices.push([name, iteration]);
        const until = performance.now() + 1;
        while (performance.now() < until); // a slice of work
        await nextTurn();
      }
    };
    await Promise.all(['a', 'b', 'c'].map(worker));
    probing = false;
    // The first slices run at once; after that, one per iteration, in turn.
    const later = slices.slice(3);
    expect(later.map(([n]) => n).join('')).toBe('abcabcabc');
    const iterations = later.map(([, i]) => i);
    expect(new Set(iterations).size).toBe(iterations.length);
  });

  it('lets I/O callbacks run between two turns of one piece of work', async () => {
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const until = performance.now() + 5;
    while (performance.now() < until); // the timer is due
    await nextTurn();
    await nextTurn();
    expect(timerRan).toBe(true);
  });
});
