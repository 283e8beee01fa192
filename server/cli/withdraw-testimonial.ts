/**
 * `erfahrungsbericht-entfernen <Name> --ersatz DATEI`: the procedure when a person withdraws consent to
 * their testimonial (Art. 7 Abs. 3, Art. 17 DSGVO). The entry leaves every commit of the content repository
 * (history rewritten, force-pushed with a lease, old objects pruned from the clone), every preview and every
 * release but the live one, and every unpublished draft. The specification fixes the number of testimonials,
 * so the entry is replaced by the one in DATEI, in every commit alike: no version of the site, the live one
 * after the push included, fails the content check, and nothing is published with a gap. Run it again after
 * the next deploy: it then deletes the release that was live before.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { TESTIMONIAL_COUNT } from "../../common/constants";
import { listFileProblems } from "../../common/content/read-content";
import { namePattern, objectsHold, rewriteHistory, RewriteRefused, TESTIMONIALS_PATH } from "../content-editor/history-rewrite";
import { ContentWorkTree } from "../content-editor/work-tree";
import { removeFoldersShowing } from "../release/withdrawn-name";
import { option, rejectUnknown, UsageError, type Command } from "./command";

type Testimonial = Record<string, unknown> & { name?: unknown; text?: unknown };

function readReplacement(file: string, cwd: string): Testimonial {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path.resolve(cwd, file), "utf8"));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    throw new UsageError(
      missing ? `Die Datei ${file} gibt es nicht.` : `${file} ist kein gültiges JSON: ${(error as Error).message}`,
    );
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new UsageError(`${file} muss genau einen Erfahrungsbericht als Objekt { … } enthalten.`);
  }
  return value as Testimonial;
}

/** The problems of testimonials.json with `list` in it, as the content check words them. */
function listProblems(list: unknown[]): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-bericht-"));
  try {
    writeFileSync(path.join(dir, "testimonials.json"), JSON.stringify(list));
    return listFileProblems(dir).filter((problem) => problem.startsWith(TESTIMONIALS_PATH));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const withdrawTestimonialCommand: Command = {
  name: "erfahrungsbericht-entfernen",
  usage: "erfahrungsbericht-entfernen <Name> --ersatz DATEI",
  summary:
    "entfernt einen widerrufenen Erfahrungsbericht aus Versionsgeschichte, Vorschauen, alten Releases und Entwürfen; " +
    `der Bericht in DATEI (JSON) tritt an seine Stelle, denn die Seite zeigt genau ${TESTIMONIAL_COUNT}`,
  async run({ db, config, args, print, cwd }) {
    rejectUnknown(args, ["--ersatz"]);
    const name = args[0]?.trim();
    if (!name || name.startsWith("--")) throw new UsageError("Welcher Bericht? Gib den Namen an, wie er im Bericht steht.");
    const ersatz = option(args, "--ersatz");
    const { remote, branch, workTree } = config.contentGit;
    const tree = new ContentWorkTree(workTree, remote, branch);
    await tree.sync();

    const file = path.join(workTree, TESTIMONIALS_PATH);
    const list = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Testimonial[]) : [];
    const matches = list.filter((entry) => typeof entry.name === "string" && entry.name.trim() === name);
    if (matches.length > 1) {
      throw new UsageError(
        `${matches.length} Berichte tragen den Namen „${name}“. Benenne erst die anderen in „Inhalte“ eindeutig um.`,
      );
    }
    let replacement: Testimonial | undefined;
    if (matches.length === 1) {
      if (!ersatz) {
        throw new UsageError(
          `Die Seite zeigt genau ${list.length} Erfahrungsberichte: gib mit --ersatz DATEI den Bericht an, der an die Stelle von „${name}“ tritt (ein JSON-Objekt mit denselben Feldern).`,
        );
      }
      replacement = readReplacement(ersatz, cwd);
      if (typeof replacement.name === "string" && replacement.name.trim() === name) {
        throw new UsageError(`Der Ersatzbericht trägt wieder den Namen „${name}“.`);
      }
      const problems = listProblems(list.map((entry) => (entry === matches[0] ? replacement : entry)));
      if (problems.length > 0)
        throw new UsageError(`Mit dem Ersatzbericht stimmt etwas nicht:\n${problems.map((p) => `- ${p}`).join("\n")}`);
    }

    let rewritten: number;
    let pushed: string[];
    try {
      // Every branch and tag of the remote, not only the one „Inhalte“ works on.
      ({ rewritten, pushed } = await rewriteHistory(tree, name, replacement));
    } catch (error) {
      if (error instanceof RewriteRefused) throw new UsageError(error.message);
      throw error;
    }
    const folders = removeFoldersShowing(name, config.releasesDir ?? path.join(cwd, "releases"), config.previewsDir);
    const pattern = namePattern(name);
    const drafts = (
      await db.query<{ editor_email: string; file: string; data: string }>("SELECT editor_email, file, data FROM content_drafts")
    ).rows.filter((draft) => pattern.test(draft.data));
    for (const draft of drafts) {
      await db.query("DELETE FROM content_drafts WHERE editor_email = $1 AND file = $2", [draft.editor_email, draft.file]);
    }
    const touched = rewritten + folders.deletedPreviews.length + folders.deletedReleases.length + drafts.length;
    if (touched === 0 && !folders.liveShows) {
      throw new UsageError(
        `„${name}“ steht in keinem Erfahrungsbericht, keinem Commit, keiner Vorschau und keinem Release. Stimmt die Schreibweise?`,
      );
    }

    print(`Erfahrungsbericht von „${name}“ entfernt:`);
    print(
      rewritten > 0
        ? `- Versionsgeschichte: ${rewritten} Commit(s) neu geschrieben${replacement ? `, ersetzt durch den Bericht von „${String(replacement.name)}“` : ""}.`
        : "- Versionsgeschichte: war schon frei davon.",
    );
    if (remote)
      print(
        pushed.length > 0
          ? `- Hochgeladen (mit --force-with-lease): ${pushed.join(", ")}.`
          : "- Auf dem Server der Versionsgeschichte war nichts zu ändern.",
      );
    print(`- Alte Objekte im Klon ${workTree} gelöscht (Reflog geleert, git gc --prune=now).`);
    print(
      `- Vorschauen gelöscht: ${folders.deletedPreviews.length}${folders.deletedPreviews.length ? ` (${folders.deletedPreviews.join(", ")})` : ""}.`,
    );
    print(
      `- Ältere Releases gelöscht: ${folders.deletedReleases.length}${folders.deletedReleases.length ? ` (${folders.deletedReleases.join(", ")})` : ""}.`,
    );
    print(`- Unveröffentlichte Entwürfe gelöscht: ${drafts.length}.`);
    if (await objectsHold(workTree, name))
      print(`ACHTUNG: Im Klon ${workTree} steht der Name noch in einem Objekt. Lösche den Ordner; er wird neu geklont.`);
    print("");
    print("Was du noch tun musst:");
    if (folders.liveShows) {
      print(
        `- NOCH NICHT FERTIG: Die laufende Website (Release ${folders.liveShows}) zeigt den Bericht noch. ` +
          (remote
            ? "Warte, bis der neue Stand ausgeliefert ist (der Workflow der Inhalte baut ihn nach dem Hochladen),"
            : "Veröffentliche den neuen Stand mit npm run deploy") +
          " und ruf diesen Befehl danach noch einmal auf: Er löscht dann das alte Release.",
      );
    }
    print(
      "- Jeder andere Klon der Versionsgeschichte (Rechner, CI-Caches) enthält die alte Geschichte: löschen und neu klonen, nicht pullen.",
    );
    print(
      "- Der Anbieter, der die Versionsgeschichte speichert, hält alte Commits eine Zeit lang und in eigenen Sicherungen: bitte ihn, sie zu löschen (bei GitHub: den Support, auch für Pull-Request-Verweise).",
    );
  },
};
