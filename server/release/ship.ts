/**
 * Ships a finished release to the machine that serves the site and makes it live there: the release folder
 * is copied with rsync into the target's releases/ (over SSH for `host:path`, or to a local folder), then
 * `npm run deploy -- --activate <id>` switches the target's `current`. The target keeps its own checkout
 * (for node_modules) and its running server follows the switch by itself.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ReleaseError, readRelease } from "./releases";

export interface ShipTarget {
  /** `user@host` for SSH; undefined for a folder on this machine. */
  host: string | undefined;
  /** The target's project folder (its checkout, with releases/ inside). */
  projectDir: string;
}

/** DEPLOY_TARGET: `deploy@www.urkraft.de:/srv/urkraft` or `/srv/urkraft`. */
export function parseTarget(value: string | undefined): ShipTarget {
  if (!value?.trim()) {
    throw new ReleaseError("DEPLOY_TARGET fehlt: wohin soll das Release? (Beispiel: deploy@www.urkraft.de:/srv/urkraft)");
  }
  const match = /^([^/:]+):(\/.*)$/.exec(value.trim());
  if (match) return { host: match[1], projectDir: match[2]! };
  if (!value.startsWith("/")) throw new ReleaseError(`DEPLOY_TARGET „${value}“ ist weder host:/pfad noch ein absoluter Pfad.`);
  return { host: undefined, projectDir: value.trim() };
}

function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0)
    throw new ReleaseError(`${what} ist fehlgeschlagen (${result.error?.message ?? `Code ${result.status}`}).`);
}

export function ship(releasesDir: string, id: string, target: ShipTarget, sshOptions: string[] = []): void {
  if (!readRelease(releasesDir, id)) throw new ReleaseError(`Release ${id} fehlt oder ist unvollständig in ${releasesDir}.`);
  const remoteReleases = path.posix.join(target.projectDir, "releases");
  const destination = target.host ? `${target.host}:${remoteReleases}/` : `${remoteReleases}/`;
  const ssh = ["ssh", ...sshOptions].join(" ");
  const activate = `cd ${JSON.stringify(target.projectDir)} && RELEASES_DIR=${JSON.stringify(remoteReleases)} npm run -s deploy -- --activate ${id}`;
  if (target.host)
    run("ssh", [...sshOptions, target.host, `mkdir -p ${JSON.stringify(remoteReleases)}`], "Das Anlegen von releases/");
  else run("mkdir", ["-p", remoteReleases], "Das Anlegen von releases/");
  run("rsync", ["-a", ...(target.host ? ["-e", ssh] : []), path.join(releasesDir, id), destination], "Das Kopieren mit rsync");
  if (target.host) run("ssh", [...sshOptions, target.host, activate], "Das Umschalten auf dem Server");
  else run("sh", ["-c", activate], "Das Umschalten");
}
