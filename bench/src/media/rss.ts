/**
 * Resident memory of a process tree, sampled from /proc (Linux): the server, any worker it or the
 * bench started, and their children (ffmpeg). The peak is of the sum at one sample; a spike shorter
 * than the interval can be missed, so the Node processes' own high-water marks (VmHWM) are kept too.
 */
import { readFileSync, readdirSync } from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  name: string;
}

function processes(): Proc[] {
  const all: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may itself hold spaces or parentheses.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      all.push({ pid: Number(entry), ppid, name });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return all;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Every process under the roots, roots included. */
function tree(roots: number[]): Proc[] {
  const all = processes();
  const inTree = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => inTree.has(p.pid));
}

export interface RssPeak {
  /** Peak of the whole tree's summed RSS, MB. */
  totalMb: number;
  /** Peak of the product's own processes' summed RSS: the server, its workers and their short-lived children; everything but ffmpeg, MB. */
  nodeMb: number;
  /** Peak RSS of the ffmpeg processes at one sample, MB. */
  otherMb: number;
  /** Highest VmHWM of any Node process of the tree, MB. */
  nodeHwmMb: number;
  samples: number;
}

/** Samples the trees under `roots()` every `intervalMs` until stopped; `roots` is asked each time. */
export function sampleRss(roots: () => number[], intervalMs = 200): { stop(): RssPeak } {
  const peak: RssPeak = { totalMb: 0, nodeMb: 0, otherMb: 0, nodeHwmMb: 0, samples: 0 };
  const sample = () => {
    let node = 0;
    let other = 0;
    for (const p of tree(roots())) {
      const mb = statusKb(p.pid, 'VmRSS') / 1024;
      if (p.name === 'ffmpeg') other += mb;
      else {
        node += mb;
        if (p.name.startsWith('node')) peak.nodeHwmMb = Math.max(peak.nodeHwmMb, statusKb(p.pid, 'VmHWM') / 1024);
      }
    }
    peak.totalMb = Math.max(peak.totalMb, node + other);
    peak.nodeMb = Math.max(peak.nodeMb, node);
    peak.otherMb = Math.max(peak.otherMb, other);
    peak.samples += 1;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { ...peak };
    },
  };
}
