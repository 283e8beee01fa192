/**
 * Ending an experiment in the content's git work tree, as a commit in the owners' name (content-editor/
 * work-tree.ts): „Beenden“ sets its status to „beendet“ and the page keeps its original; „Gewinner übernehmen“
 * writes the winning variant's text into the page's content file and sets „übernommen“. Both files pass the
 * whole content check first; nothing is written when it fails. The next build then runs without the experiment.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkWithEdits } from "../content-editor/check";
import { CONTENT_DIR, fileTextOf } from "../content-editor/content-files";
import { editableFile } from "../../common/content/editable-files";
import { authorFor, type ContentWorkTree } from "../content-editor/work-tree";
import { EXPERIMENTS_FILE } from "../../common/experiments/experiment-schema";
import { pageFileOf, type ExperimentEntry } from "../../common/experiments/experiment-problems";
import { VARIANT_NAMES } from "../../common/experiments/variant-pages";
import { valueAt, withTextAt } from "../../common/experiments/field-path";

export type Ending = { ok: true; commit: string; message: string } | { ok: false; status: 404 | 409 | 422; message: string };

/** A content file's new text as „Inhalte“ writes it: Prettier's form, its characters kept where unchanged. */
const textOf = (name: string, value: unknown, original: string) =>
  fileTextOf(editableFile(name)!, value as Parameters<typeof fileTextOf>[1], original, {}, "");

export async function endExperiment(tree: ContentWorkTree, workTree: string, id: string, winner?: "B" | "C"): Promise<Ending> {
  return tree.exclusive(async () => {
    await tree.sync();
    const contentDir = path.join(workTree, CONTENT_DIR);
    const listText = await readFile(path.join(contentDir, EXPERIMENTS_FILE), "utf8");
    const file = JSON.parse(listText) as { experiments: ExperimentEntry[] };
    const experiment = file.experiments.find((entry) => entry.id === id);
    if (!experiment) return { ok: false, status: 404, message: `Ein Experiment „${id}“ gibt es nicht (mehr).` };
    if (experiment.status !== "läuft")
      return { ok: false, status: 409, message: `Das Experiment „${id}“ ist schon abgeschlossen (${experiment.status}).` };
    const edits = new Map<string, string>();
    let message: string;
    if (winner) {
      const text = experiment.variants[VARIANT_NAMES.indexOf(winner) - 1];
      if (text === undefined) return { ok: false, status: 422, message: `Das Experiment „${id}“ hat keine Variante ${winner}.` };
      const pageFile = pageFileOf(experiment.page)!;
      const pageText = await readFile(path.join(contentDir, pageFile), "utf8");
      const page = JSON.parse(pageText) as unknown;
      if (typeof valueAt(page, experiment.field) !== "string")
        return { ok: false, status: 409, message: `Die Seite ${experiment.page} hat das Feld „${experiment.field}“ nicht mehr.` };
      edits.set(pageFile, await textOf(pageFile, withTextAt(page, experiment.field, text), pageText));
      message = `Experiment „${id}“: Variante ${winner} übernommen – ${experiment.page}, ${experiment.field}: „${text}“`;
    } else {
      message = `Experiment „${id}“ beendet: ${experiment.page} zeigt wieder das Original`;
    }
    const status = winner ? "übernommen" : "beendet";
    const experiments = file.experiments.map((entry) => (entry.id === id ? { ...entry, status } : entry));
    edits.set(EXPERIMENTS_FILE, await textOf(EXPERIMENTS_FILE, { ...file, experiments }, listText));
    const problems = await checkWithEdits(contentDir, edits);
    if (problems.length > 0)
      return {
        ok: false,
        status: 422,
        message: `Die Inhaltsprüfung hat ${problems.length === 1 ? "eine Stelle" : `${problems.length} Stellen`} gefunden: ${problems
          .slice(0, 3)
          .map((problem) => problem.line)
          .join("; ")}. Nichts wurde geändert.`,
      };
    for (const [name, text] of edits) await writeFile(path.join(contentDir, name), text);
    const site = JSON.parse(await readFile(path.join(contentDir, "site.json"), "utf8")) as Record<string, unknown>;
    const commit = await tree.commit(
      [...edits.keys()].map((name) => `${CONTENT_DIR}/${name}`),
      authorFor("owner", site),
      message,
    );
    return { ok: true, commit, message };
  });
}
