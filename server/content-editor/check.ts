/**
 * The content check of the build and CI (allContentProblems), run on the content as it would be with the
 * edited files: a copy of content/ in a temporary folder (pictures linked, not copied) with the edited
 * texts (and the person's pictures still waiting to be published, pending-images.ts) written over it. Each problem is tied to its file and, where it names one, its field, so the
 * form shows the message at the field.
 */
import { cp, mkdtemp, readdir, rm, symlink, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { allContentProblems } from "../../common/content/content-check";

export interface Problem {
  /** Relative to content/, e.g. "testimonials.json"; undefined for a problem of no single file. */
  file?: string;
  /** The field inside the form's data, e.g. [1, "quote"]; empty: the file as a whole. */
  path: (string | number)[];
  message: string;
  /** The check's whole line, naming file and field, as the build prints it. */
  line: string;
}

/**
 * A line of the check: the file, an entry of a list file („Eintrag 3 („Jürgen“)“) or an experiment of
 * experiments.json („Experiment 1 („startseite-titel“)“, an entry of its list "experiments"), the head of a
 * Markdown file, the field (for an experiment's text with the variant it is, „(Variante B)“), the line.
 */
const LINE =
  /^content\/(\S+?\.(?:json|md))(?:, (Eintrag|Experiment) (\d+)(?: \(„.*?“\))?)?(?:, (Kopfbereich))?(?:, Feld „(.+?)“(?: \(Variante [A-C]\))?)?(?:, (Zeile \d+))?: ([\s\S]*)$/;

/** "[0].quote" or "items[2].text" → [0, "quote"] or ["items", 2, "text"]. */
export function fieldPath(field: string): (string | number)[] {
  return [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] !== undefined ? Number(match[2]) : match[1]!));
}

/** One line of the content check as file, field and message. */
export function parseProblem(line: string): Problem {
  const match = LINE.exec(line);
  if (!match) return { path: [], message: line, line };
  const [, file, list, entry, head, field, atLine, text] = match;
  // A problem at a line of a Markdown text is shown at the text, with its line.
  const message = atLine ? `${atLine}: ${text!}` : text;
  const entryAt = entry ? [...(list === "Experiment" ? ["experiments"] : []), Number(entry) - 1] : [];
  let at: (string | number)[] = [...entryAt, ...(field ? fieldPath(field) : [])];
  // A Markdown file's problems outside its head are problems of its text.
  if (file!.endsWith(".md") && !head && at.length === 0) at = ["body"];
  return { file, path: at, message: message!, line };
}

/** Edited files: path under content/ → new text, or a waiting picture's bytes ("images/name.jpg"). */
export type Edits = Map<string, string | Uint8Array>;
/** A waiting picture lies directly in content/images/. */
const PICTURE_EDIT = /^images\/[^/]+$/;

/** Runs the whole check with `edits` laid over `contentDir`. */
export async function checkWithEdits(contentDir: string, edits: Edits): Promise<Problem[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-inhalte-"));
  try {
    const copy = path.join(dir, "content");
    await mkdir(copy);
    const pictures = [...edits.keys()].filter((file) => file.startsWith("images/"));
    if (pictures.some((file) => !PICTURE_EDIT.test(file))) throw new Error("a waiting picture lies directly in images/");
    for (const entry of await readdir(contentDir, { withFileTypes: true })) {
      const from = path.join(contentDir, entry.name);
      const to = path.join(copy, entry.name);
      if (entry.name === "images" && entry.isDirectory()) await linkImages(from, to, pictures);
      else if (!entry.isSymbolicLink()) await cp(from, to, { recursive: true, verbatimSymlinks: true });
    }
    for (const [file, text] of edits) {
      await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
      await writeFile(path.join(copy, file), text);
    }
    return allContentProblems(copy).map(parseProblem);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The pictures, linked rather than copied: the whole folder at once, or, with waiting pictures to lay beside
 * them, a folder of its own holding a link to each entry, so nothing is ever written into the real one.
 */
async function linkImages(from: string, to: string, pictures: string[]): Promise<void> {
  if (pictures.length === 0) return symlink(from, to, "dir");
  await mkdir(to);
  for (const entry of await readdir(from)) await symlink(path.join(from, entry), path.join(to, entry));
}
