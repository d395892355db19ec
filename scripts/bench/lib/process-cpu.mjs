import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux everywhere we run). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (user + system) a process has used so far, in µs, from /proc; with `tid`, that of one of its
 * threads (the main thread's id is the process's). Null where there is no /proc (not Linux) or it is gone.
 */
export function cpuMicros(pid, tid = null) {
  try {
    const stat = readFileSync(tid === null ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1_000_000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/**
 * The whole machine's CPU ticks so far, all and stolen (the hypervisor ran someone else while this machine's
 * CPUs were ready to run), from /proc/stat; null where there is none. On a shared virtual machine a latency
 * tail can come from the host: each scenario reports the share stolen while it ran.
 */
export function machineTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] };
  } catch {
    return null;
  }
}

/** The share of the machine's CPU time stolen between two `machineTicks` readings, in %; null if unknown. */
export function stealPercent(before, after) {
  if (!before || !after || after.total <= before.total) return null;
  return (100 * (after.steal - before.steal)) / (after.total - before.total);
}
