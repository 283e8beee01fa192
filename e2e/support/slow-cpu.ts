/**
 * A browser of its own whose pages run on a slow CPU: its renderer processes together get 1/rate of one
 * core, enforced by the kernel's CPU quota (the cgroup `cpu` controller: `rate` ms period, 1 ms of CPU in
 * each). So a page is as slow as on a phone with a slower processor, and the waiting costs no CPU time.
 * DevTools' CPU throttling (Emulation.setCPUThrottlingRate) slows only the main thread and does it by busy
 * waiting: a page throttled 6× keeps a core about 80 % busy as long as it is open, even while idle, which
 * made the tests that type into loading pages the longest part of the browser tests.
 *
 * The zygote processes, from which every renderer is forked, are put into the group, so each renderer
 * starts slowed, also one started later for a navigation. Where the machine offers no writable `cpu`
 * controller (not root, or cgroup v2 only), `launchSlowBrowser` returns undefined and the caller slows the
 * page with DevTools instead.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type LaunchOptions } from "@playwright/test";

const CPU_CGROUP = "/sys/fs/cgroup/cpu";
/** The CPU a slowed browser gets in each period: the kernel's smallest quota. */
const QUOTA_US = 1000;

export interface SlowBrowser {
  browser: Browser;
  /** The renderer processes in the slowed group now. */
  renderers(): number[];
  /** The browser's renderer processes outside the slowed group: none, as long as the slowing holds. */
  unslowedRenderers(): number[];
  /** How many periods the kernel held the group back: above 0 once a page has done some work. */
  throttledPeriods(): number;
  close(): Promise<void>;
}

interface ProcessInfo {
  pid: number;
  parent: number;
  commandLine: string;
}

function processes(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The fields after the command's name, which is in parentheses and may hold spaces.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      found.push({ pid: Number(entry), parent, commandLine });
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

function descendants(root: number): ProcessInfo[] {
  const all = processes();
  const result: ProcessInfo[] = [];
  const parents = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const info of all) {
      if (!parents.has(info.pid) && parents.has(info.parent)) {
        parents.add(info.pid);
        result.push(info);
        grew = true;
      }
    }
  }
  return result;
}

let available: boolean | undefined;

/** Removes the groups of browsers that have ended without removing theirs (a run stopped midway). */
function removeStaleGroups(): void {
  for (const entry of readdirSync(CPU_CGROUP)) {
    const pid = /^urkraft-slow-(\d+)$/.exec(entry)?.[1];
    if (!pid || existsSync(`/proc/${pid}`)) continue;
    try {
      rmdirSync(path.join(CPU_CGROUP, entry));
    } catch {
      // Still holds a process.
    }
  }
}

/** Whether this machine lets the tests set a CPU quota (checked once, with a group made and removed). */
export function slowCpuAvailable(): boolean {
  if (available === undefined) {
    const probe = path.join(CPU_CGROUP, `urkraft-probe-${process.pid}`);
    try {
      mkdirSync(probe);
      writeFileSync(path.join(probe, "cpu.cfs_period_us"), "4000");
      writeFileSync(path.join(probe, "cpu.cfs_quota_us"), String(QUOTA_US));
      available = true;
      removeStaleGroups();
    } catch {
      available = false;
    } finally {
      try {
        rmdirSync(probe);
      } catch {
        // Never made.
      }
    }
  }
  return available;
}

/** Launches Chromium with `options` and slows its renderers `rate` times; undefined without a CPU quota. */
export async function launchSlowBrowser(rate: number, options: LaunchOptions): Promise<SlowBrowser | undefined> {
  if (!slowCpuAvailable()) return undefined;
  const server = await chromium.launchServer(options);
  const browserPid = server.process().pid!;
  const group = path.join(CPU_CGROUP, `urkraft-slow-${browserPid}`);
  mkdirSync(group);
  writeFileSync(path.join(group, "cpu.cfs_period_us"), String(Math.round(rate * QUOTA_US)));
  writeFileSync(path.join(group, "cpu.cfs_quota_us"), String(QUOTA_US));
  const slowed = descendants(browserPid).filter((info) => /--type=(zygote|renderer)\b/.test(info.commandLine));
  if (!slowed.some((info) => info.commandLine.includes("--type=zygote"))) {
    await server.close();
    rmdirSync(group);
    throw new Error("Chromium ohne Zygote-Prozess: seine Renderer ließen sich nicht verlangsamen");
  }
  for (const info of slowed) writeFileSync(path.join(group, "cgroup.procs"), String(info.pid));
  const browser = await chromium.connect(server.wsEndpoint());
  const groupMembers = () =>
    new Set(readFileSync(path.join(group, "cgroup.procs"), "utf8").split("\n").filter(Boolean).map(Number));
  return {
    browser,
    renderers: () => {
      const inGroup = groupMembers();
      return processes()
        .filter((info) => inGroup.has(info.pid) && info.commandLine.includes("--type=renderer"))
        .map((info) => info.pid);
    },
    unslowedRenderers: () => {
      const inGroup = groupMembers();
      return descendants(browserPid)
        .filter((info) => !inGroup.has(info.pid) && info.commandLine.includes("--type=renderer"))
        .map((info) => info.pid);
    },
    throttledPeriods: () => Number(/nr_throttled (\d+)/.exec(readFileSync(path.join(group, "cpu.stat"), "utf8"))?.[1] ?? 0),
    close: async () => {
      await browser.close().catch(() => undefined);
      await server.close();
      // The group can go once its processes have ended.
      for (let tries = 0; ; tries += 1) {
        try {
          rmdirSync(group);
          return;
        } catch (error) {
          if (tries >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
  };
}
