import { readFileSync } from 'node:fs';
import { processTicks, TICK_MS } from './cpu';

/**
 * CPU time of named groups of processes over a run, sampled once a second from /proc: the app instances (a
 * group follows its instance across a restart), PostgreSQL (its backends come and go with the pools, so
 * each is charged from the first time it is seen, and a new one from its start), Redis, and the load
 * generator itself.
 */
export class CpuMeter {
  readonly #groups = new Map<string, () => number[]>();
  readonly #last = new Map<number, number>();
  readonly #spent = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #firstSample = true;
  #machineStart = 0;

  group(name: string, pids: () => number[]): void {
    this.#groups.set(name, pids);
    this.#spent.set(name, 0);
  }

  start(): void {
    this.#machineStart = machineBusyTicks();
    this.#sample();
    this.#timer = setInterval(() => this.#sample(), 1000);
    this.#timer.unref();
  }

  /**
   * CPU milliseconds each group spent since start(), and `other work`: the machine's busy time that none of
   * the groups spent (another program, the kernel). More than a few percent of the total means the run shared
   * the machine and its figures are lower than the machine can do.
   */
  stop(): { groups: Record<string, number>; otherWorkMs: number } {
    clearInterval(this.#timer);
    this.#sample();
    const groups = Object.fromEntries([...this.#spent].map(([name, ticks]) => [name, ticks * TICK_MS]));
    const ours = Object.values(groups).reduce((sum, ms) => sum + ms, 0);
    const busy = (machineBusyTicks() - this.#machineStart) * TICK_MS;
    return { groups, otherWorkMs: Math.max(0, busy - ours) };
  }

  #sample(): void {
    const first = this.#firstSample;
    this.#firstSample = false;
    for (const [name, pids] of this.#groups) {
      for (const pid of pids()) {
        const now = processTicks(pid);
        if (now === undefined) continue;
        const before = this.#last.get(pid);
        // A process first seen after the start was born during the run: all its time is the run's.
        const delta = before === undefined ? (first ? 0 : now) : now - before;
        this.#last.set(pid, now);
        this.#spent.set(name, (this.#spent.get(name) ?? 0) + Math.max(0, delta));
      }
    }
  }
}

/** Busy clock ticks of all cores since boot (/proc/stat: user, nice, system, irq, softirq, steal). */
function machineBusyTicks(): number {
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = readFileSync(
    '/proc/stat',
    'utf8',
  )
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  return user + nice + system + irq + softirq + steal;
}
