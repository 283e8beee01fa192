/**
 * `npm run deploy`: builds the checked-out tree into a new release under releases/ and makes it live.
 * `npm run deploy -- --list` shows the releases, `--rollback` makes the previous one live again
 * (`--rollback <id>` a given one). RELEASES_DIR chooses another folder than releases/.
 */
import path from "node:path";
import { ReleaseError } from "../server/release/releases";
import { deploy, releaseTable, rollback } from "./deploy/release";

const projectDir = path.resolve(__dirname, "..");
const releasesDir = path.resolve(projectDir, process.env.RELEASES_DIR ?? "releases");

async function main(args: string[]): Promise<void> {
  const [command, argument] = args;
  if (command === "--list") {
    console.log(releaseTable(releasesDir));
  } else if (command === "--rollback") {
    const release = rollback(releasesDir, argument);
    console.log(`Zurückgeschaltet: Release ${release.id} (Commit ${release.commit}) ist wieder live.`);
  } else if (command === undefined) {
    const started = Date.now();
    const release = await deploy({ projectDir, releasesDir });
    console.log(`Fertig nach ${((Date.now() - started) / 1000).toFixed(1)} s: ${release.id}.`);
  } else {
    throw new ReleaseError(`Unbekannte Option ${command}. Möglich: (nichts) zum Veröffentlichen, --list, --rollback [Release].`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ReleaseError ? error.message : error);
  process.exit(1);
});
