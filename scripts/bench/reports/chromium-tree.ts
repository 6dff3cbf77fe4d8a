// bench:reports: the memory of a Chromium process tree, sampled while it prints (issue 38, goal ≤ 1 GB for the
// pre-settlement month). Two sums over every process under `root` (the browser and all its children): RSS, the
// issue's figure (it counts each shared page — Chromium's binary and libraries, mapped by every one of its
// processes — once per process), and PSS (each shared page divided among the processes that map it: what the tree
// really holds). Linux /proc only.
import fs from "node:fs";

export type TreeMemory = { rssMb: number; pssMb: number; processes: number };

function field(text: string, name: string): number {
  return Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? 0);
}

/** The processes under `root` (its children, theirs, …), without `root` itself. */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      parent.set(Number(d), field(fs.readFileSync(`/proc/${d}/status`, "utf8"), "PPid"));
    } catch {
      // ended meanwhile
    }
  }
  const under = (pid: number): boolean => {
    for (let p = parent.get(pid), i = 0; p && i < 10; p = parent.get(p), i++) if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter(under);
}

function rssKb(pid: number): number {
  try {
    return field(fs.readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS");
  } catch {
    return 0; // ended meanwhile
  }
}

function pssKb(pid: number): number {
  try {
    return field(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"), "Pss");
  } catch {
    return 0;
  }
}

const sum = (pids: number[], of: (pid: number) => number) => Math.round(pids.reduce((n, p) => n + of(p), 0) / 1024);

/** The memory of the processes under `root` now (`withRoot`: and `root` itself, e.g. a browser's own process). */
export function treeMemory(root: number, withRoot = false): TreeMemory {
  const pids = withRoot ? [root, ...descendants(root)] : descendants(root);
  return { rssMb: sum(pids, rssKb), pssMb: sum(pids, pssKb), processes: pids.length };
}

/**
 * Samples the tree under `root` until stop(), which gives the peaks (each sum's own highest sample): the RSS every
 * 200 ms, the PSS every 1.5 s (reading smaps_rollup costs ~10 ms a process: sampled as often, it would take a core),
 * the list of processes every second.
 */
export function sampleTree(root: number, withRoot = false): { stop: () => TreeMemory } {
  const peak: TreeMemory = { rssMb: 0, pssMb: 0, processes: 0 };
  let pids: number[] = [];
  let tick = 0;
  const take = (all: boolean) => {
    if (all || tick % 5 === 0) pids = withRoot ? [root, ...descendants(root)] : descendants(root);
    peak.processes = Math.max(peak.processes, pids.length);
    peak.rssMb = Math.max(peak.rssMb, sum(pids, rssKb));
    if (all || tick % 8 === 0) peak.pssMb = Math.max(peak.pssMb, sum(pids, pssKb));
    tick++;
  };
  take(true);
  const timer = setInterval(() => take(false), 200);
  return {
    stop: () => {
      clearInterval(timer);
      take(true);
      return { ...peak };
    },
  };
}
