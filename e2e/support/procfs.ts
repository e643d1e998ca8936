import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** What Linux's /proc says of processes and their connections (tests and benches of several processes). */

/** The processes whose parent is `pid` (from /proc). */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // ended while listed
      }
    })
    .map(Number);
}

/** The inodes of the connections accepted on `port` (from /proc/net/tcp, established only). */
export function acceptedOn(port: number): Set<string> {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const rows = readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1);
  return new Set(
    rows
      .map((row) => row.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(local) && cols[3] === '01')
      .map((cols) => cols[9]!),
  );
}

/** How many of `inodes` the process holds open. */
export function holds(pid: number, inodes: Set<string>): number {
  let n = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match && inodes.has(match[1]!)) n += 1;
    } catch {
      // closed while listed
    }
  }
  return n;
}
