/** `npm run check:content`: the same content check the build runs, without building. */
import path from "node:path";
import { contentProblems } from "../src/content/read-content";
import { legalPageProblems } from "../src/content/legal-pages";
import { emailTemplateProblems } from "../server/mail/templates";

const dir = path.resolve(process.argv[2] ?? "content");
const problems = [...contentProblems(dir), ...legalPageProblems(dir), ...emailTemplateProblems(dir)];
if (problems.length > 0) {
  console.error(`Fehler in den Inhaltsdateien:\n${problems.map((p) => `  • ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("Inhalte geprüft: alle Dateien sind gültig.");
