import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { round } from './common';

/**
 * Where the machine's CPU went during a measurement (Linux /proc; null elsewhere): the processes of the
 * benchmark (this process, the servers under test, the PostgreSQL backends serving them) and everything
 * else. "foreign" is work the benchmark did not cause (another build, test run, install…): when it is more
 * than a few percent, the figures are lower than the machine can do and the run should be repeated.
 */
export interface CpuShare {
  /** Share of all cores' time that was busy, 0–1. */
  machineBusy: number;
  /** Share of all cores' time used by the benchmark's processes. */
  benchmark: number;
  /** Share of all cores' time used by anything else. */
  foreign: number;
  /** The server under test alone, when named: share of one core it used, and CPU milliseconds it spent. */
  server?: { coreShare: number; cpuMs: number };
  /** The other processes that used the most CPU (share of all cores), to tell who disturbed a run. */
  foreignProcesses: { pid: number; name: string; share: number }[];
}

/** /proc reports process times in USER_HZ ticks, 100 a second on Linux. */
export const TICK_MS = 10;

export const FOREIGN_CPU_WARNING = 0.1;

/**
 * Busy ticks of all cores, with the interrupt share apart: under load that is mostly the kernel carrying
 * the benchmark's own loopback traffic, which no process is charged for, so it is counted as the benchmark's.
 */
function machineTicks(): { busy: number; interrupts: number; total: number } {
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] =
    readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, interrupts: irq + softirq, total: busy + idle + iowait };
}

/** utime + stime of a process and all its threads, in the clock ticks of /proc/stat; undefined once it ended. */
export function processTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * CPU ticks the processes used since `before` was read. A process that ended meanwhile (a pool closing an
 * idle connection ends its PostgreSQL backend) counts as 0, not as minus its whole life.
 */
function ticksSince(before: Map<number, number | undefined>): number {
  let sum = 0;
  for (const [pid, start] of before) {
    const now = processTicks(pid);
    if (start !== undefined && now !== undefined) sum += Math.max(0, now - start);
  }
  return sum;
}

/**
 * Ticks of every process on the machine, with its command name. They include the reaped children's
 * (cutime, cstime), so a short job that starts and ends within the measurement (a lint run, a build) shows
 * up under the process that started it (and under its ancestors as they end: the list is a hint of who, the
 * foreign share itself comes from the machine's counters). Not for PostgreSQL: its postmaster reaps backends whose work was
 * done before the measurement (a pool closing idle connections), which would show up as if done now.
 */
function allProcessTicks(): Map<number, { name: string; ticks: number }> {
  const all = new Map<number, { name: string; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const own = Number(fields[11]) + Number(fields[12]);
      const ticks = name === 'postgres' ? own : own + Number(fields[13]) + Number(fields[14]);
      all.set(Number(entry), { name, ticks });
    } catch {
      // The process ended meanwhile.
    }
  }
  return all;
}

export interface CpuWatch {
  stop(): CpuShare | null;
}

/** Watches the CPU from now until stop(); `pids` are the benchmark's processes, `server` one of them. */
export function watchCpu(pids: number[], server?: number): CpuWatch {
  let start:
    | {
        machine: ReturnType<typeof machineTicks>;
        ours: Map<number, number | undefined>;
        all: ReturnType<typeof allProcessTicks>;
      }
    | undefined;
  try {
    start = {
      all: allProcessTicks(),
      machine: machineTicks(),
      ours: new Map(pids.map((pid) => [pid, processTicks(pid)])),
    };
  } catch {
    start = undefined;
  }
  return {
    stop() {
      if (!start) return null;
      const machine = machineTicks();
      const ours = ticksSince(start.ours);
      const total = machine.total - start.machine.total;
      if (total <= 0) return null;
      const busy = (machine.busy - start.machine.busy) / total;
      const interrupts = (machine.interrupts - start.machine.interrupts) / total;
      const benchmark = Math.min(busy, ours / total + interrupts);
      const cores = cpus().length;
      const ourPids = new Set(pids);
      const foreignProcesses = [...allProcessTicks()]
        .filter(([pid]) => !ourPids.has(pid))
        .map(([pid, { name, ticks }]) => ({
          pid,
          name,
          share: round((ticks - (start.all.get(pid)?.ticks ?? 0)) / total, 3),
        }))
        .filter((entry) => entry.share >= 0.01)
        .sort((a, b) => b.share - a.share)
        .slice(0, 5);
      const serverTicks = server === undefined ? 0 : ticksSince(new Map([[server, start.ours.get(server)]]));
      return {
        machineBusy: round(busy, 3),
        benchmark: round(benchmark, 3),
        foreign: round(Math.max(0, busy - benchmark), 3),
        foreignProcesses,
        ...(server === undefined
          ? {}
          : { server: { coreShare: round((serverTicks / total) * cores, 3), cpuMs: serverTicks * TICK_MS } }),
      };
    },
  };
}

export function describeCpu(share: CpuShare | null): string {
  if (!share) return 'CPU use not measured (no /proc)';
  const pct = (value: number) => `${Math.round(value * 100)}%`;
  const line = `CPU: machine ${pct(share.machineBusy)} busy, benchmark ${pct(share.benchmark)}, other work ${pct(share.foreign)}`;
  if (share.foreign <= FOREIGN_CPU_WARNING) return line;
  const who = share.foreignProcesses
    .map((entry) => `${entry.name} (pid ${entry.pid}) ${pct(entry.share)}`)
    .join(', ');
  return (
    `${line} — WARNING: other work on the machine took over ${pct(FOREIGN_CPU_WARNING)} of the CPU` +
    `${who ? ` (${who})` : ''}; the figures are lower than this machine can do, run again when it is quiet`
  );
}
