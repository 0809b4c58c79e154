import { readFileSync } from 'node:fs';
import { round } from './common';

/** The resident set of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Samples a process's RSS every 50 ms until stopped: where it started, its peak and the growth. */
export function sampleRss(pid: number) {
  const start = rssMb(pid);
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, rssMb(pid));
      return { startMb: round(start), peakMb: round(peak), growthMb: round(peak - start) };
    },
  };
}
