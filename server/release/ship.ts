/**
 * Ships a finished release to the machine that serves the site and makes it live there: the release folder
 * is copied with rsync into the target's releases/ (over SSH for `host:path`, or to a local folder), then
 * `npm run deploy -- --activate <id>` switches the target's `current`. The target keeps its own checkout
 * (for node_modules) and its running server follows the switch by itself.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { readPreview } from "./previews";
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

/** A command run on the target: over SSH, or in a shell here for a local folder. */
function onTarget(target: ShipTarget, sshOptions: string[], command: string, what: string): void {
  if (target.host) run("ssh", [...sshOptions, target.host, command], what);
  else run("sh", ["-c", command], what);
}

/**
 * Sends a preview to the target's releases/previews/, next to its old build, and swaps the two there by
 * renames: the preview's address keeps answering throughout. Nothing live changes.
 */
export function shipPreview(previewsDir: string, token: string, target: ShipTarget, sshOptions: string[] = []): void {
  if (!readPreview(previewsDir, token))
    throw new ReleaseError(`Die Vorschau ${token} fehlt oder ist unvollständig in ${previewsDir}.`);
  const remotePreviews = path.posix.join(target.projectDir, "releases", "previews");
  const incoming = `.incoming-${token}`;
  onTarget(target, sshOptions, `mkdir -p ${JSON.stringify(remotePreviews)}`, "Das Anlegen von releases/previews/");
  const destination = `${target.host ? `${target.host}:` : ""}${remotePreviews}/${incoming}/`;
  const ssh = ["ssh", ...sshOptions].join(" ");
  run(
    "rsync",
    ["-a", "--delete", ...(target.host ? ["-e", ssh] : []), `${path.join(previewsDir, token)}/`, destination],
    "Das Kopieren der Vorschau mit rsync",
  );
  const swap = [
    `cd ${JSON.stringify(remotePreviews)}`,
    `rm -rf .old-${token}`,
    `if [ -d ${token} ]; then mv ${token} .old-${token}; fi`,
    `mv ${incoming} ${token}`,
    `rm -rf .old-${token}`,
  ].join(" && ");
  onTarget(target, sshOptions, swap, "Das Einsetzen der Vorschau auf dem Server");
}

/** Removes the preview named `name` on the target (its own `npm run deploy -- --preview NAME --remove`). */
export function removeShippedPreview(name: string, target: ShipTarget, sshOptions: string[] = []): void {
  const remoteReleases = path.posix.join(target.projectDir, "releases");
  const command = `cd ${JSON.stringify(target.projectDir)} && RELEASES_DIR=${JSON.stringify(remoteReleases)} npm run -s deploy -- --preview ${shellQuote(name)} --remove`;
  onTarget(target, sshOptions, command, "Das Entfernen der Vorschau auf dem Server");
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
