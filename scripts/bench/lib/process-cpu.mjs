import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux everywhere we run). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (user + system) a process has used so far, in µs, from /proc; null where there is no /proc
 * (not Linux) or the process is gone.
 */
export function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1_000_000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}
