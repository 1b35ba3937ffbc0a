/**
 * CPU time of a private PostgreSQL cluster's processes (the postmaster, its live backends and
 * background workers, and the backends that have exited, which the postmaster reaped), read from
 * /proc: so that a benchmark can put the server's CPU time beside tokenql's own. Linux only;
 * elsewhere it reads 0 (the tables then show no server CPU).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after the command (the command, in parentheses, may hold spaces). */
function statFields(pid: string): string[] | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return s.slice(s.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // exited meanwhile
  }
}

/**
 * Milliseconds of CPU (user + system) used so far by the cluster whose data directory is
 * `dataDir`: the postmaster's own and its reaped children's (cutime, cstime), plus its live
 * children's. 0 when /proc or the postmaster.pid file cannot be read.
 */
export function serverCpuMs(dataDir: string): number {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync('/proc') || !existsSync(pidFile)) return 0;
  const postmaster = readFileSync(pidFile, 'utf8').split('\n')[0]!.trim();
  // A backend that has just exited is a zombie until the postmaster reaps it, and a zombie's
  // /proc stat reads 0 CPU: its time would be missing until then. Read again a little later.
  for (let attempt = 0; ; attempt++) {
    const r = readOnce(postmaster);
    if (!r.zombies || attempt === 10) return (r.ticks * 1000) / clockTicks();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
  }
}

function readOnce(postmaster: string): { ticks: number; zombies: boolean } {
  // After the command: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
  const own = statFields(postmaster);
  if (!own) return { ticks: 0, zombies: false };
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  let zombies = false;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const f = statFields(pid);
    if (!f || f[1] !== postmaster) continue;
    if (f[0] === 'Z') zombies = true;
    ticks += Number(f[11]) + Number(f[12]);
  }
  return { ticks, zombies };
}
