/**
 * How long the event loop was held while `run` was pending: the largest gap between ticks of a
 * 1 ms timer, counted in CPU time the process used in the gap (at most the wall time), so that
 * other processes taking the CPU of a loaded host do not count as the statement's work. One
 * tick after `run` settles measures the gap its last piece of work made.
 */
export async function longestStall<T>(run: Promise<T>): Promise<{ stall: number; result: PromiseSettledResult<T> }> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    stall = Math.max(stall, Math.min(now - last, (cpu.user + cpu.system) / 1000));
    last = now;
    lastCpu = process.cpuUsage();
  }, 1);
  const [result] = await Promise.allSettled([run]);
  await new Promise((r) => setTimeout(r, 2));
  clearInterval(timer);
  return { stall, result };
}
