/**
 * One deploy at a time per releases folder: the lock is a file created exclusively, holding the process id.
 * A second deploy refuses at once with a German message; a lock whose process is gone (a deploy killed with
 * SIGKILL) is taken over.
 */
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import path from "node:path";
import { ReleaseError } from "./releases";

export const LOCK_FILE = ".deploy.lock";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDeployLock(releasesDir: string): () => void {
  mkdirSync(releasesDir, { recursive: true });
  const file = path.join(releasesDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new ReleaseError(
          `Es läuft schon ein Deploy (Prozess ${holder}). Warte, bis er fertig ist, und starte dann noch einmal; die Website bleibt solange auf dem bisherigen Stand.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new ReleaseError(`Die Sperrdatei ${file} lässt sich nicht anlegen.`);
}
