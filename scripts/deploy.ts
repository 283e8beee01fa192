/**
 * `npm run deploy`: builds the checked-out tree into a new release under releases/ and makes it live.
 * `npm run deploy -- --list` shows the releases, `--rollback` makes the previous one live again
 * (`--rollback <id>` a given one), `--activate <id>` makes a shipped release live. `--ship` sends the live
 * release to DEPLOY_TARGET and activates it there (server/release/ship.ts). RELEASES_DIR chooses another
 * folder than releases/.
 * `--preview NAME` builds the working tree into a preview that is not live (server/release/build-preview.ts)
 * and prints its address on the last line; the same NAME again replaces it at the same address, with
 * `--ship` it goes to DEPLOY_TARGET too, `--preview NAME --remove` removes it (with `--ship` on the target).
 */
import path from "node:path";
import { buildPreview, defaultOrigin } from "../server/release/build-preview";
import { deploy, releaseTable, rollback } from "../server/release/deploy";
import { previewTable, previewsDirFrom, prunePreviews, removePreview } from "../server/release/previews";
import { recordLiveRelease } from "../server/release/recorded";
import { ReleaseError, liveRelease } from "../server/release/releases";
import { parseTarget, removeShippedPreview, ship, shipPreview } from "../server/release/ship";

const projectDir = path.resolve(__dirname, "..");
const releasesDir = path.resolve(projectDir, process.env.RELEASES_DIR || "releases");
const previewsDir = previewsDirFrom(process.env, projectDir);
const sshOptions = () => process.env.DEPLOY_SSH_OPTIONS?.split(" ").filter(Boolean) ?? [];

async function preview(args: string[]): Promise<void> {
  const name = args[1];
  const flags = new Set(args.slice(2));
  const unknown = [...flags].filter((flag) => flag !== "--remove" && flag !== "--ship");
  if (!name || name.startsWith("--")) throw new ReleaseError("--preview braucht einen Namen, z. B. --preview neue-rezepte");
  if (unknown.length > 0)
    throw new ReleaseError(`Unbekannte Option ${unknown[0]}. Möglich nach --preview NAME: --remove, --ship.`);
  if (flags.has("--remove")) {
    const removed = removePreview(previewsDir, name);
    if (flags.has("--ship")) removeShippedPreview(name, parseTarget(process.env.DEPLOY_TARGET), sshOptions());
    console.log(removed ? `Vorschau „${name}“ entfernt.` : `Eine Vorschau „${name}“ gibt es hier nicht; nichts zu entfernen.`);
    return;
  }
  const built = await buildPreview({ name, projectDir, previewsDir });
  if (flags.has("--ship")) shipPreview(previewsDir, built.token, parseTarget(process.env.DEPLOY_TARGET), sshOptions());
  console.log(`Vorschau „${name}“ (Commit ${built.commit}) gebaut in ${built.seconds.toFixed(1)} s; nicht live. Adresse:`);
  console.log(built.address);
}

/** With DATABASE_URL, the new live release is recorded there too, for instances on other machines. */
const record = (id: string) => recordLiveRelease(process.env.DATABASE_URL, id);

async function main(args: string[]): Promise<void> {
  const [command, argument] = args;
  if (command === "--list") {
    prunePreviews(previewsDir);
    console.log(releaseTable(releasesDir));
    console.log(`\nVorschauen:\n${previewTable(previewsDir, defaultOrigin())}`);
  } else if (command === "--preview") {
    await preview(args);
  } else if (command === "--activate") {
    if (!argument) throw new ReleaseError("--activate braucht die Release-Kennung, z. B. --activate 20261125T193000Z-9b188e9");
    const release = rollback(releasesDir, argument);
    await record(release.id);
    console.log(`Release ${release.id} (Commit ${release.commit}) ist live.`);
  } else if (command === "--ship") {
    const live = liveRelease(releasesDir).release;
    if (!live) throw new ReleaseError(`In ${releasesDir} gibt es kein Release zum Versenden. Erst: npm run deploy`);
    ship(releasesDir, live.id, parseTarget(process.env.DEPLOY_TARGET), sshOptions());
    console.log(`Release ${live.id} ist auf ${process.env.DEPLOY_TARGET} live.`);
  } else if (command === "--rollback") {
    const release = rollback(releasesDir, argument);
    await record(release.id);
    console.log(`Zurückgeschaltet: Release ${release.id} (Commit ${release.commit}) ist wieder live.`);
  } else if (command === undefined) {
    const started = Date.now();
    const release = await deploy({ projectDir, releasesDir });
    await record(release.id);
    console.log(`Fertig nach ${((Date.now() - started) / 1000).toFixed(1)} s: ${release.id}.`);
  } else {
    throw new ReleaseError(
      `Unbekannte Option ${command}. Möglich: (nichts) zum Veröffentlichen, --list, --rollback [Release], --activate <Release>, --ship, --preview NAME [--remove] [--ship].`,
    );
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ReleaseError ? error.message : error);
  process.exit(1);
});
