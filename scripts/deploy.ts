/**
 * `npm run deploy`: builds the checked-out tree into a new release under releases/ and makes it live.
 * `npm run deploy -- --list` shows the releases, `--rollback` makes the previous one live again
 * (`--rollback <id>` a given one), `--activate <id>` makes a shipped release live. `--ship` sends the live
 * release to DEPLOY_TARGET and activates it there (server/release/ship.ts). RELEASES_DIR chooses another
 * folder than releases/.
 */
import path from "node:path";
import { deploy, releaseTable, rollback } from "../server/release/deploy";
import { recordLiveRelease } from "../server/release/recorded";
import { ReleaseError, liveRelease } from "../server/release/releases";
import { parseTarget, ship } from "../server/release/ship";

const projectDir = path.resolve(__dirname, "..");
const releasesDir = path.resolve(projectDir, process.env.RELEASES_DIR || "releases");

/** With DATABASE_URL, the new live release is recorded there too, for instances on other machines. */
const record = (id: string) => recordLiveRelease(process.env.DATABASE_URL, id);

async function main(args: string[]): Promise<void> {
  const [command, argument] = args;
  if (command === "--list") {
    console.log(releaseTable(releasesDir));
  } else if (command === "--activate") {
    if (!argument) throw new ReleaseError("--activate braucht die Release-Kennung, z. B. --activate 20261125T193000Z-9b188e9");
    const release = rollback(releasesDir, argument);
    await record(release.id);
    console.log(`Release ${release.id} (Commit ${release.commit}) ist live.`);
  } else if (command === "--ship") {
    const live = liveRelease(releasesDir).release;
    if (!live) throw new ReleaseError(`In ${releasesDir} gibt es kein Release zum Versenden. Erst: npm run deploy`);
    const sshOptions = process.env.DEPLOY_SSH_OPTIONS?.split(" ").filter(Boolean) ?? [];
    ship(releasesDir, live.id, parseTarget(process.env.DEPLOY_TARGET), sshOptions);
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
      `Unbekannte Option ${command}. Möglich: (nichts) zum Veröffentlichen, --list, --rollback [Release], --activate <Release>, --ship.`,
    );
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ReleaseError ? error.message : error);
  process.exit(1);
});
