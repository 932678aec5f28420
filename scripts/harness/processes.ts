// Servers as child processes (`wrangler dev`, its workerd): each in its own process group, so
// stopping one stops wrangler and workerd together, and every way out stops them all. The soak
// starts its servers with these; the bench's Workers run in-process (Miniflare) and only need
// free ports.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { createServer } from "node:net";

export type ServerProcess = { label: string; child: ChildProcess };

const started: ServerProcess[] = [];
let stopping: Promise<void> | null = null;

/** The servers started with startProcessGroup, in order. */
export const serverProcesses = (): readonly ServerProcess[] => started;

/**
 * Starts `command argv` in its own process group, its output into `logFile`. `onUnexpectedExit`
 * hears of an exit before stopProcessGroups() was called.
 */
export function startProcessGroup(
  label: string,
  command: string,
  argv: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; onUnexpectedExit?: (why: string) => void },
): ChildProcess {
  const out = createWriteStream(options.logFile);
  const child = spawn(command, argv, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  started.push({ label, child });
  child.on("exit", (code, signal) => {
    if (!stopping) options.onUnexpectedExit?.(signal ?? `code ${code}`);
  });
  return child;
}

/** Stops every group started here: SIGTERM, then SIGKILL after 5 s (and once more after exit). */
export function stopProcessGroups(): Promise<void> {
  if (stopping) return stopping;
  stopping = Promise.all(
    started.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
          const pid = child.pid;
          const group = (signal: NodeJS.Signals) => {
            try {
              process.kill(-pid, signal); // npx passes no signals on: signal its whole group
            } catch {
              try {
                child.kill(signal);
              } catch {
                // already gone
              }
            }
          };
          const hard = setTimeout(() => group("SIGKILL"), 5000);
          child.once("exit", () => {
            clearTimeout(hard);
            // workerd may outlive wrangler for a moment; make sure nothing of the group stays.
            setTimeout(() => {
              group("SIGKILL");
              resolve();
            }, 300);
          });
          group("SIGTERM");
        }),
    ),
  ).then(() => undefined);
  return stopping;
}

/** The status a URL answers (0 when nothing does). */
export async function answers(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits until `url` answers 200; fails when the child exits first or after `deadlineMs`. */
export async function waitFor(url: string, label: string, child: ChildProcess, deadlineMs = 120_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${label} exited (code ${child.exitCode}) before answering; see its log`);
    if ((await answers(url)) === 200) return;
    await sleep(300);
  }
  throw new Error(`${label} did not answer ${url} within ${deadlineMs / 1000} s`);
}

/** Resident memory of a process group (wrangler, workerd), in MB; Linux ps. */
export function groupRssMb(child: ChildProcess): number {
  const ps = spawnSync("ps", ["-eo", "pgid=,rss="], { encoding: "utf8" });
  if (ps.status !== 0) return Number.NaN;
  let kb = 0;
  for (const line of ps.stdout.split("\n")) {
    const [pgid, rss] = line.trim().split(/\s+/).map(Number);
    if (pgid === child.pid) kb += rss ?? 0;
  }
  return kb / 1024;
}

/** A port on 127.0.0.1 that nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
