/**
 * `npm run check:content`: the same content check the build runs, without building. With SITE_URL set it
 * checks as for production (no empty deployment fact); otherwise it lists the empty ones as a reminder.
 * `--github` writes each problem as a GitHub Actions annotation on its file and line as well.
 */
import fs from "node:fs";
import path from "node:path";
import { allContentProblems, problemReport } from "../common/content/content-check";
import { emptyDeploymentFacts } from "../common/content/editorial-checks";
import { emptyEvidence } from "../common/content/evidence";
import { githubAnnotations } from "./content-annotations";

const args = process.argv.slice(2);
const github = args.includes("--github");
const dir = path.resolve(args.find((arg) => !arg.startsWith("--")) ?? "content");
const problems = allContentProblems(dir);
if (problems.length > 0) {
  console.error(problemReport(problems));
  if (github) console.log(githubAnnotations(problems, path.dirname(dir)).join("\n"));
  process.exit(1);
}
console.log("Inhalte geprüft: alle Dateien sind gültig.");
const site = JSON.parse(fs.readFileSync(path.join(dir, "site.json"), "utf8")) as { deployment?: Record<string, unknown> };
const empty = [...emptyDeploymentFacts(site.deployment), ...emptyEvidence(dir)];
if (empty.length > 0)
  console.warn(
    `Noch auszufüllen vor dem Livegang, sonst bricht der Build mit SITE_URL ab:\n${empty.map((name) => `  • ${name}`).join("\n")}`,
  );
