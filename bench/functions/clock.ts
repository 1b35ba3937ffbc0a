/**
 * One timed run, as wall time and as this process's CPU time (user + system, every thread: the
 * GC and compiler threads' work counts too), both in ms. On a machine shared with other busy
 * processes the wall time of a long run includes the time it waited for a core; the CPU time
 * does not, so the two together tell the run's own cost from the machine's load.
 */
export interface Timed {
  wall: number;
  cpu: number;
}

/** Runs `f` once and returns its wall and CPU time (ms) and its value (`out.v`). */
export function timed<T>(f: () => T, out: { v?: T } = {}): Timed {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  out.v = f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

/** The median of `xs` (the upper one for an even count). */
export function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1];
}
