/**
 * `npm run schemas`: writes the editors' JSON Schemas (content/schemas/), ties them to the content files in
 * .vscode/settings.json and puts "$schema" into each object file. Run it after changing
 * common/content/content-schema.ts or adding a content file.
 */
import fs from "node:fs";
import path from "node:path";
import { expectedFiles, ROOT, staleSchemaFiles } from "./content-schemas/expected-files";

async function main() {
  const expected = await expectedFiles();
  let changed = 0;
  for (const [file, content] of expected) {
    const full = path.join(ROOT, file);
    if (fs.existsSync(full) && fs.readFileSync(full, "utf8") === content) continue;
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
    console.log(`geschrieben: ${file}`);
    changed += 1;
  }
  for (const file of staleSchemaFiles(expected)) {
    fs.rmSync(path.join(ROOT, file));
    console.log(`gelöscht: ${file}`);
    changed += 1;
  }
  console.log(changed === 0 ? "Schemas sind aktuell." : `${changed} Dateien aktualisiert.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
