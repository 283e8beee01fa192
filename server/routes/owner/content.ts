/**
 * „Inhalte“ for owners and editors (every route here is open to editors): the content files as forms
 * (schema and data), drafts kept per person, the content check on the edited files, preview, publishing
 * as a commit in the person's name, each file's history and restoring an earlier version, and pictures.
 * Files are named by their path under content/ and must be in EDITABLE_FILES; nothing else is read or
 * written. Everything that touches the work tree runs one at a time (ContentWorkTree.exclusive).
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EDITABLE_FILES, editableFile, pagesShowing, type EditableFile } from "../../../common/content/editable-files";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import { checkWithEdits, type Edits, type Problem } from "../../content-editor/check";
import { withLegalFollowUps } from "../../content-editor/legal-follow-ups";
import {
  addPendingPicture,
  dropUnusedPictures,
  pendingPaths,
  pendingPicture,
  picturesNamedIn,
  publishedPictures,
  type PendingPicture,
} from "../../content-editor/pending-images";
import {
  contentPath,
  CONTENT_DIR,
  fileTextOf,
  formDataOf,
  formSchemaFor,
  withoutSymlinks,
} from "../../content-editor/content-files";
import { deleteDraft, draftAgain, draftsOf, draftSummary, saveDraft } from "../../content-editor/drafts";
import { changedPaths, fieldChanges, fieldLabel, plainAt } from "../../content-editor/field-changes";
import {
  decide,
  openProposals,
  ownProposal,
  proposalById,
  propose,
  withdraw,
  type Proposal,
} from "../../content-editor/proposals";
import { approvalReason, needsApproval } from "../../../common/content/approval";
import { cancel, claimDue, finish, plan, plannedById, scheduleOf, shownOf, type Planned } from "../../content-editor/schedule";
import { revertFields } from "../../content-editor/field-revert";
import { recordPublished, releaseOf } from "../../content-editor/release-state";
import { parseLocalDateTime } from "../../newsletters/month";
import { formatGermanDateTime } from "../../../common/german-time";
import { EXPERIMENT_PAGES, EXPERIMENTS_FILE } from "../../../common/experiments/experiment-schema";
import { pageFileOf } from "../../../common/experiments/experiment-problems";
import { experimentFieldChoices, withFieldChoices } from "../../../common/experiments/experiment-form";
import { imageSlug, IMAGES_DIR, listImages, reencodeUpload, UPLOAD_MAX_BYTES } from "../../content-editor/images";
import {
  buildContentPreview,
  contentPreviewName,
  deployPublished,
  stopPreviewBuilds,
  warmUpPreviews,
} from "../../content-editor/publishing";
import { authorFor, GitError } from "../../content-editor/work-tree";
import type { ContentFileSummary, ProposalInfo, Publishing } from "../../../common/owner/responses";
import { ownerOf, ownOrigin, requireRecentLogin } from "./guard";
import { OWNER_API } from "../../../common/owner/api";
import { ownerRoute } from "./route";
import {
  previewValuesOf,
  schemaWithoutOwnerFields,
  withOwnerFields,
  withoutOwnerFields,
} from "../../../common/content/editor-access";
import { notifyContentChange, notifyPlannedOutcome, notifyProposal, notifyProposalDecided } from "../../services/owner-alerts";
import { OWNER_MESSAGES } from "./messages";
import {
  creditInputProblems,
  germanToday,
  IMAGE_CREDITS_FILE,
  photoCredit,
  type ImageCredit,
} from "../../../common/content/image-credits";

/** Pictures one person may upload within an hour: each waits in the database until a change uses it. */
export const UPLOADS_PER_HOUR = 20;

const MESSAGES = {
  unknownFile: OWNER_MESSAGES.contentFile,
  ownersOnly: OWNER_MESSAGES.contentOwnersOnly,
  noDraft: "Es gibt keinen Entwurf zu dieser Datei, den du veröffentlichen könntest.",
  unchanged: OWNER_MESSAGES.contentUnchanged,
  tooDeep: OWNER_MESSAGES.contentTooDeep,
  messageMissing: OWNER_MESSAGES.contentMessage,
  messageControl: OWNER_MESSAGES.contentMessageControl,
  tooManyUploads: `Du hast in der letzten Stunde schon ${UPLOADS_PER_HOUR} Bilder hochgeladen. Bitte warte ein wenig, bevor du weitere hochlädst.`,
  problems: "Die Änderung ist noch nicht fertig: Bitte behebe zuerst die markierten Stellen.",
  conflict: "Jemand anderes hat diese Datei inzwischen geändert. Deine Änderung wurde nicht veröffentlicht.",
  git: "Das Speichern im Inhalts-Repository hat nicht geklappt. Deine Änderung ist als Entwurf erhalten; versuche es gleich noch einmal.",
  symlink: "Diese Datei kann hier nicht geändert werden.",
  badCommit: OWNER_MESSAGES.contentCommit,
  proposalUnknown: OWNER_MESSAGES.proposalUnknown,
  proposalMoved: OWNER_MESSAGES.proposalMoved,
  timePast: OWNER_MESSAGES.contentTimePast,
  withdrawBefore: OWNER_MESSAGES.contentWithdrawBefore,
  planUnknown: OWNER_MESSAGES.contentPlanUnknown,
  planNeedsApproval:
    "Änderungen an dieser Datei gibt eine Inhaberin oder ein Inhaber frei und legt dabei den Termin fest. Schlag sie zur Freigabe vor und schreib den gewünschten Termin in die Beschreibung.",
  creditMissing: "Das Bild ist nicht gespeichert: Es fehlen noch Angaben dazu, woher es stammt.",
  planBackAsDraft: "Deine geplante Fassung liegt wieder als dein Entwurf bereit, mit den Bildern, die sie nennt.",
} as const;

/** The draft a planned change came from, to give back when it does not go live. */
const draftOfPlan = (planned: Planned) => ({
  editor: planned.plannedBy,
  file: planned.file,
  data: planned.data,
  baseCommit: planned.baseCommit,
});

class SymlinkError extends Error {
  constructor(readonly file: string) {
    super(MESSAGES.symlink);
  }
}

const IMAGE_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
};

const today = () => new Date().toISOString().slice(0, 10);
/** A commit message is one line of text: no line breaks, tabs or other control characters. */
// eslint-disable-next-line no-control-regex -- exactly the characters it refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** No content file nests deeper than a few levels; deeper data is refused before anything walks it. */
const MAX_DEPTH = 16;
function nestsTooDeep(value: unknown): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth += 1) {
    if (depth > MAX_DEPTH) return true;
    level = level.flatMap((item) => (item && typeof item === "object" ? Object.values(item as object) : []));
  }
  return false;
}

/** Files whose change every owner hears of: what the law or the mails rely on (the pictures' records make the Bildnachweis). */
const watched = (entry: EditableFile) => entry.kind !== "json" || entry.file === "site.json" || entry.file === IMAGE_CREDITS_FILE;
/** A content file's form data as JSON: the largest file with room to grow. */
const FORM_BODY_LIMIT = 2 * 1024 * 1024;

/** The statuses of a refusal that keeps its own body (`{ error }` and what the screen shows beside it). */
type RefusalStatus = 400 | 404 | 409 | 422;
/** Whether the work tree's outcome is a refusal, not the answer the route's row declares. */
const refused = <Outcome extends { status: number }>(outcome: Outcome): outcome is Extract<Outcome, { status: RefusalStatus }> =>
  outcome.status >= 400;
/** Sends a refusal as it is: the row declares only the answers, Fastify writes a refusal's body without a schema. */
const sendRefusal = (reply: FastifyReply, { status, answer }: { status: RefusalStatus; answer: object }) =>
  reply.code(status).send(answer);

export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const route = ownerRoute(app);
  const { remote, branch, workTree } = app.config.contentGit;
  /** Where a published change goes: pushed to the repository's branch, or deployed here. */
  const publishing: Publishing = remote ? { to: "remote", branch } : { to: "deploy" };
  const tree = app.contentTree;
  const contentDir = path.join(workTree, CONTENT_DIR);

  const isEditor = (request: FastifyRequest) => request.owner?.role !== "owner";
  /** The file, if the person may change it: an editor is refused the owners' files (editor-access.ts). */
  const fileOf = (request: FastifyRequest, reply: FastifyReply, name: string): EditableFile | undefined => {
    const entry = editableFile(name);
    if (!entry) void sendError(request, reply, { status: 404, message: MESSAGES.unknownFile });
    else if (entry.access === "owners" && isEditor(request)) {
      request.log.info({ statusCode: 403, file: entry.file }, "owners' content file refused to an editor");
      void sendError(request, reply, { status: 403, message: MESSAGES.ownersOnly });
      return undefined;
    }
    return entry;
  };
  /** Whether site.json's owners' fields are hidden from this person and kept as the file has them. */
  const keepsOwnerFields = (request: FastifyRequest, entry: EditableFile) => entry.file === "site.json" && isEditor(request);
  const gitFailed = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (error instanceof SymlinkError) {
      request.log.warn({ file: error.file }, "content file behind a symbolic link refused");
      return sendError(request, reply, { status: 400, message: MESSAGES.symlink });
    }
    if (!(error instanceof GitError)) throw error;
    request.log.error({ git: error.args[0], output: error.output }, "content git operation failed");
    return sendError(request, reply, { status: 502, message: MESSAGES.git });
  };
  const readCurrent = async (entry: EditableFile): Promise<string | undefined> => {
    if (!(await withoutSymlinks(workTree, contentPath(entry.file)))) throw new SymlinkError(entry.file);
    return readFile(path.join(workTree, contentPath(entry.file)), "utf8").catch(() => undefined);
  };
  /** The pages' files an experiment can name, by file ("pages/home.json"), for the experiments' form. */
  const experimentPages = async (): Promise<Map<string, unknown>> => {
    const read = new Map<string, unknown>();
    for (const page of EXPERIMENT_PAGES) {
      const file = pageFileOf(page);
      const text = file && (await readFile(path.join(contentDir, file), "utf8").catch(() => undefined));
      if (file && text) read.set(file, JSON.parse(text) as unknown);
    }
    return read;
  };
  const siteSettings = async () => JSON.parse((await readFile(path.join(contentDir, "site.json"), "utf8")) || "{}") as unknown;
  /** The file's new text from the form's data; an editor's site.json keeps the owners' fields as they are. */
  const textFor = async (editor: boolean, entry: EditableFile, data: unknown) => {
    const current = await readCurrent(entry);
    const keep = editor && entry.file === "site.json";
    const own = keep ? withOwnerFields(data, current === undefined ? {} : JSON.parse(current)) : data;
    return fileTextOf(entry, own, current, await siteSettings(), today());
  };
  const textOf = (request: FastifyRequest, entry: EditableFile, data: unknown) => textFor(isEditor(request), entry, data);
  /** Whether an editor's new text for the file is a proposal for the owners rather than a change to publish. */
  const isProposal = async (request: FastifyRequest, entry: EditableFile, text: string) => {
    if (!isEditor(request) || !approvalReason(entry)) return false;
    const current = await readCurrent(entry);
    return needsApproval(entry, current === undefined ? undefined : formDataOf(entry, current), formDataOf(entry, text));
  };
  /** A proposal as the screens show it: with its changes field by field, against the file as it is now. */
  const proposalInfo = async (proposal: Proposal): Promise<ProposalInfo> => {
    const entry = editableFile(proposal.file)!;
    const current = await readCurrent(entry);
    const proposed = await textFor(true, entry, proposal.data);
    const { data: _data, baseCommit: _base, ...shown } = proposal;
    return {
      ...shown,
      title: entry.title,
      changes: fieldChanges(
        formSchemaFor(entry),
        current === undefined ? undefined : formDataOf(entry, current),
        formDataOf(entry, proposed),
      ),
    };
  };
  /** Makes a change a proposal: stored, audited, and every owner hears of it. */
  const proposeChange = async (
    request: FastifyRequest,
    entry: EditableFile,
    change: { data: unknown; baseCommit: string; message: string },
  ) => {
    const me = ownerOf(request);
    const proposal = await propose(app.db, { editor: me, file: entry.file, ...change });
    await deleteDraft(app.db, me, entry.file);
    await audit(app.db, me, "content-proposed", `${entry.file} (Vorschlag ${proposal.id})`);
    await notifyProposal(app.db, app.mail, app.config, { by: me, entry, change: change.message });
    return { status: 202 as const, answer: { proposal: await proposalInfo(proposal) } };
  };
  /** The role a commit is made in (work-tree.ts): the person is in the audit log only. */
  const authorOf = async (request: FastifyRequest) =>
    authorFor(isEditor(request) ? "editor" : "owner", (await siteSettings()) as Record<string, unknown>);
  /** The pictures a person can choose: the published ones and their own still waiting, marked as such. */
  const imageChoice = async (person: string) => {
    const pending = await pendingPaths(app.db, person);
    return { images: [...(await listImages(contentDir)), ...pending].sort(), pending };
  };
  /** The content check needs the work tree: before the first sync there is none yet. */
  const synced = () => tree.exclusive(() => tree.sync());

  /**
   * A file's new text with the waiting pictures it names (pending-images.ts) of the people given (undefined:
   * anyone's): each picture, and its record added to image-credits.json, as further edits, so the check, the
   * preview and the commit see the change as it would go live.
   */
  const changeWith = async (entry: EditableFile, text: string, people?: readonly string[]) => {
    // Settings that a legal text names bring that text's new version along (legal-follow-ups.ts).
    const edits: Edits = await withLegalFollowUps(contentDir, new Map([[entry.file, text]]), today());
    const pictures = await picturesNamedIn(app.db, [text], people);
    if (pictures.length === 0) return { edits, pictures };
    const creditsEntry = editableFile(IMAGE_CREDITS_FILE)!;
    const creditsText = entry.file === creditsEntry.file ? text : await readCurrent(creditsEntry);
    // Records that cannot be read are left as they are: the content check names the broken file.
    const records = creditsText === undefined ? undefined : recordsOf(creditsText);
    for (const picture of pictures) edits.set(picture.path, picture.jpeg);
    const named = new Set(records?.map((record) => record.image));
    const added = pictures.filter((picture) => !named.has(picture.path)).map((picture) => picture.credit);
    if (records && added.length > 0)
      edits.set(
        creditsEntry.file,
        await fileTextOf(creditsEntry, { images: [...records, ...added] }, creditsText, await siteSettings(), today()),
      );
    return { edits, pictures };
  };
  /** Writes a change's files into the work tree (inside tree.exclusive); the paths to commit. */
  const writeChange = async (edits: Edits): Promise<string[]> => {
    const files: string[] = [];
    for (const [name, content] of edits) {
      const file = `${CONTENT_DIR}/${name}`;
      if (!(await withoutSymlinks(workTree, file))) throw new SymlinkError(file);
      await mkdir(path.dirname(path.join(workTree, file)), { recursive: true });
      await writeFile(path.join(workTree, file), content);
      files.push(file);
    }
    return files;
  };
  /** What a commit's message adds for the pictures and the legal texts' new versions it brings. */
  const changeNote = (pictures: PendingPicture[], edits: Edits, entry: EditableFile) => {
    const pictureNote =
      pictures.length === 0
        ? ""
        : `\n\nMit ${pictures.length === 1 ? "dem Bild" : "den Bildern"} ${pictures.map((picture) => picture.path).join(", ")}.`;
    const texts = [...edits.keys()]
      .filter((file) => file !== entry.file && file.startsWith("legal/"))
      .map((file) => `„${editableFile(file)?.title ?? file}“`);
    const legalNote =
      texts.length === 0
        ? ""
        : `\n\nNeue Fassung von ${texts.join(" und ")} mit heutigem Stand: Der Text nennt die geänderten Angaben.`;
    return pictureNote + legalNote;
  };
  /**
   * The person's change (`mine`, made on `baseCommit`) brought onto the file as it is now: their fields where
   * the file still has what they started from; the fields someone else changed differently meanwhile are
   * returned as a conflict, with the base's, the person's and the other value, named as the form names them.
   */
  const mergeWithTheirs = async (request: FastifyRequest, entry: EditableFile, mine: unknown, baseCommit: string) => {
    const file = contentPath(entry.file);
    const role = isEditor(request) ? "editor" : "owner";
    const theirsText = await readCurrent(entry);
    const baseText = baseCommit ? await tree.fileAt(baseCommit, file) : undefined;
    const theirs = theirsText === undefined ? undefined : viewFor(role, entry, formDataOf(entry, theirsText));
    const base = baseText === undefined ? undefined : viewFor(role, entry, formDataOf(entry, baseText));
    const merged = revertFields(theirs, mine, base);
    if (merged.kept.length === 0) return { data: merged.data };
    const schema = formSchemaFor(entry);
    const conflicting = merged.keptPaths ?? [];
    // The fields only one side changed, which merged by themselves: named, so the person knows what is already in.
    const within = (a: string[], b: string[]) => a.every((key, index) => b[index] === key);
    const mergedBy = (changed: unknown) =>
      changedPaths(base, changed)
        .filter((at) => !conflicting.some((path) => within(path, at) || within(at, path)))
        .map((at) => fieldLabel(schema, at, theirs, mine));
    return {
      conflict: {
        data: theirs,
        merged: merged.data,
        together: { theirs: mergedBy(theirs), mine: mergedBy(mine) },
        fields: conflicting.map((at) => ({
          path: at,
          field: fieldLabel(schema, at, theirs, mine),
          base: plainAt(base, at),
          mine: plainAt(mine, at),
          theirs: plainAt(theirs, at),
        })),
      },
    };
  };

  /** Where a deploy of a published commit records its state (release-state.ts). */
  const released = (commit: string) => ({ db: app.db, commit, command: app.config.contentGit.deployCommand });
  /**
   * After a commit: a server that deploys itself starts its deploy; with a content repository the commit is
   * noted as pushed from here, so that the workflow's reports on its release are taken (routes/release-status.ts).
   */
  const afterCommit = async (commit: string, log: FastifyBaseLogger) => {
    if (remote) await recordPublished(app.db, commit);
    else void deployPublished(workTree, log, released(commit));
  };

  /** A change's description: one line of up to 200 characters, or the German refusal. */
  const messageOf = (raw: string): { text: string; refusal?: string } => {
    const text = raw.trim();
    if (!text || text.length > 200) return { text, refusal: MESSAGES.messageMissing };
    if (CONTROL_CHARACTERS.test(text)) return { text, refusal: MESSAGES.messageControl };
    return { text };
  };

  /**
   * The person's draft of a file made ready to go live (inside tree.exclusive): brought onto the file as it is
   * now, where someone published meanwhile (fields only one side changed merge by themselves; where both changed
   * a field, the three values come back side by side), and checked. Its data and new text, or the refusal.
   */
  const checkedDraft = async (request: FastifyRequest, entry: EditableFile) => {
    const refuse = (status: 400 | 409 | 422, answer: Record<string, unknown>) => ({ refusal: { status, answer } });
    const draft = (await draftsOf(app.db, entry.file)).find((item) => item.editor === ownerOf(request));
    if (!draft) return refuse(400, { error: MESSAGES.noDraft });
    await tree.sync();
    const file = contentPath(entry.file);
    const last = await tree.lastCommitOf(file);
    let data = draft.data;
    const merged = (last?.commit ?? "") !== draft.baseCommit;
    if (merged) {
      const outcome = await mergeWithTheirs(request, entry, draft.data, draft.baseCommit);
      if ("conflict" in outcome)
        return refuse(409, { error: MESSAGES.conflict, conflict: { change: last, ...outcome.conflict } });
      data = outcome.data;
    }
    const text = await textOf(request, entry, data);
    if (text === (await readCurrent(entry))) return refuse(400, { error: MESSAGES.unchanged });
    const { edits, pictures } = await changeWith(entry, text, [ownerOf(request)]);
    const problems = await checkWithEdits(contentDir, edits);
    if (problems.length > 0) return refuse(422, { error: MESSAGES.problems, ...splitProblems(problems, entry.file, data) });
    if (!(await withoutSymlinks(workTree, file))) return refuse(400, { error: MESSAGES.symlink });
    return { data, text, last, merged, file, edits, pictures };
  };

  /** A time in the site's time zone („2026-12-24T18:00“) still to come after `after`, or the German refusal. */
  const futureTime = (value: string, after = new Date()): Date | string => {
    let at: Date;
    try {
      at = parseLocalDateTime(value, app.mail.site.timeZone);
    } catch {
      return OWNER_MESSAGES.contentTime;
    }
    return at.getTime() > after.getTime() ? at : MESSAGES.timePast;
  };
  const when = (at: Date | string) => formatGermanDateTime(new Date(at), app.mail.site.timeZone);
  /** The form data as the role edits it: an editor's view of the settings has no owners' fields. */
  const viewFor = (role: "editor" | "owner", entry: EditableFile, data: unknown) =>
    role === "editor" && entry.file === "site.json" ? withoutOwnerFields(data) : data;

  /**
   * Runs one planned change at its time: the same check as „Veröffentlichen“, then a commit in the planner's
   * role. A file changed since the plan takes the plan's fields where it still has what the plan started
   * from; where someone changed the same field, nothing is published and the planner is told why.
   */
  const runPlanned = async (item: Planned): Promise<void> => {
    const entry = editableFile(item.file);
    const title = entry?.title ?? item.file;
    const report = async (result: "live" | "zurückgenommen" | "fehlgeschlagen", outcome: string) =>
      notifyPlannedOutcome(app.db, app.mail, {
        to: item.plannedBy,
        entry: { file: item.file, title },
        change: item.message,
        result,
        outcome,
      });
    const fail = async (problem: string) => {
      // What the planner wrote is not lost: the change becomes their draft again, and the pictures it names keep waiting.
      const back = entry !== undefined && item.action === "publish" && (await draftAgain(app.db, draftOfPlan(item)));
      const reason = back ? `${problem} ${MESSAGES.planBackAsDraft}` : problem;
      await finish(app.db, item.id, { state: "fehlgeschlagen", outcome: reason });
      await audit(app.db, item.plannedBy, "content-plan-failed", `${item.file} (Plan ${item.id})`);
      await report("fehlgeschlagen", reason);
    };
    if (!entry) return fail("Diese Datei gibt es unter „Inhalte“ nicht mehr.");
    try {
      const result = await tree.exclusive(async () => {
        await tree.sync();
        const file = contentPath(entry.file);
        const currentText = await readCurrent(entry);
        const current = currentText === undefined ? undefined : viewFor(item.role, entry, formDataOf(entry, currentText));
        let data: unknown;
        let kept: string[] = [];
        if (item.action === "publish") {
          const last = (await tree.lastCommitOf(file))?.commit ?? "";
          if (last === item.baseCommit) data = item.data;
          else {
            const baseText = item.baseCommit ? await tree.fileAt(item.baseCommit, file) : undefined;
            const base = baseText === undefined ? undefined : viewFor(item.role, entry, formDataOf(entry, baseText));
            const merged = revertFields(current, item.data, base);
            if (merged.kept.length > 0)
              return {
                failed: `Die Datei wurde seit der Planung an derselben Stelle geändert (${merged.kept.join(", ")}). Die geplante Änderung ist nicht veröffentlicht; bitte sieh dir die Datei an und plane sie neu.`,
              };
            data = merged.data;
          }
        } else {
          const { before, after } = item.data as { before: unknown; after: unknown };
          ({ data, kept } = revertFields(current, before, after));
        }
        const text = await textFor(item.role === "editor", entry, data);
        if (text === currentText) return { unchanged: true as const };
        // The waiting pictures it names were checked with the plan; an approved proposal's are its editor's.
        const { edits, pictures } = await changeWith(entry, text);
        const problems = await checkWithEdits(contentDir, edits);
        if (problems.length > 0)
          return {
            failed: `Die Inhaltsprüfung hat zur geplanten Zeit ${problems.length === 1 ? "eine Stelle" : `${problems.length} Stellen`} gefunden: ${problems
              .slice(0, 3)
              .map((problem) => problem.line)
              .join("; ")}. Nichts wurde veröffentlicht.`,
          };
        if (!(await withoutSymlinks(workTree, file))) return { failed: MESSAGES.symlink };
        const done = item.action === "publish" ? "Wie geplant veröffentlicht" : "Wie geplant zurückgenommen";
        const commit = await tree.commit(
          await writeChange(edits),
          authorFor(item.role, (await siteSettings()) as Record<string, unknown>),
          `${item.action === "publish" ? item.message : `Zurückgenommen: ${item.message}`}\n\n${done} am ${when(new Date())}.\n\n${entry.title} (${file})${changeNote(pictures, edits, entry)}`,
        );
        await publishedPictures(
          app.db,
          pictures.map((picture) => picture.path),
        );
        return { commit, before: current, after: data, kept };
      });
      if ("failed" in result) return fail(result.failed!);
      if ("unchanged" in result) {
        await finish(app.db, item.id, {
          state: "erledigt",
          outcome: "Keine Änderung nötig: Die Datei war zur geplanten Zeit schon so.",
        });
        return;
      }
      const live = remote
        ? `Veröffentlicht am ${when(new Date())}; die Website wird jetzt neu gebaut.`
        : `Live seit ${when(new Date())}.`;
      const outcome =
        result.kept.length > 0
          ? `${live} Diese Felder wurden seit der Veröffentlichung noch einmal geändert und bleiben, wie sie sind: ${result.kept.join(", ")}.`
          : live;
      await finish(app.db, item.id, { state: "erledigt", outcome, commit: result.commit });
      await audit(
        app.db,
        item.plannedBy,
        item.action === "publish" ? "content-plan-published" : "content-plan-withdrawn",
        `${entry.file} @ ${result.commit.slice(0, 7)} (Plan ${item.id})`,
      );
      if (item.action === "publish" && item.withdrawAt)
        await plan(app.db, {
          file: entry.file,
          action: "withdraw",
          data: { before: result.before, after: result.after },
          baseCommit: result.commit,
          message: item.message,
          role: item.role,
          plannedBy: item.plannedBy,
          dueAt: new Date(item.withdrawAt),
        });
      if (watched(entry))
        await notifyContentChange(app.db, app.mail, app.config, { by: item.plannedBy, entry, change: item.message });
      await report(item.action === "publish" ? "live" : "zurückgenommen", outcome);
      await afterCommit(result.commit, app.log);
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      app.log.error({ git: error.args[0], output: error.output, plan: item.id }, "planned content change failed");
      return fail(
        "Das Inhalts-Repository war zur geplanten Zeit nicht erreichbar. Nichts wurde veröffentlicht; bitte plane die Änderung neu.",
      );
    }
  };
  /**
   * Changes pushed to the content repository from outside „Inhalte“: every owner hears of each commit that
   * changed a legal text, a mail, the settings or the pictures' records, once. The first look only notes
   * where the branch stands.
   */
  app.contentSchedule.watchOutside = async () => {
    if (!remote) return 0;
    return tree.exclusive(async () => {
      await tree.sync();
      const tip = await tree.tipCommit();
      const { rows } = await app.db.query<{ seen_commit: string }>("SELECT seen_commit FROM content_watch WHERE branch = $1", [
        branch,
      ]);
      const seen = rows[0]?.seen_commit;
      let told = 0;
      if (seen && seen !== tip && (await tree.isCommit(seen))) {
        const files = EDITABLE_FILES.filter(watched);
        const site = (await siteSettings()) as Record<string, unknown>;
        const roles = new Set([authorFor("editor", site).name, authorFor("owner", site).name]);
        for (const commit of await tree.commitsSince(
          seen,
          files.map((entry) => contentPath(entry.file)),
        )) {
          if (roles.has(commit.author)) continue;
          const changed = (await tree.git(["show", "--name-only", "--format=", commit.commit])).split("\n");
          for (const entry of files.filter((item) => changed.includes(contentPath(item.file)))) {
            await notifyContentChange(app.db, app.mail, app.config, {
              by: `${commit.author} (im Repository, nicht über die Verwaltung)`,
              entry,
              change: commit.message,
              at: new Date(commit.date),
            });
            told += 1;
          }
        }
      }
      await app.db.query(
        `INSERT INTO content_watch (branch, seen_commit) VALUES ($1, $2)
         ON CONFLICT (branch) DO UPDATE SET seen_commit = EXCLUDED.seen_commit, seen_at = now()`,
        [branch, tip],
      );
      return told;
    });
  };

  app.contentSchedule.runDue = async () => {
    const due = await claimDue(app.db);
    for (const item of due) await runPlanned(item);
    return due.length;
  };

  /** A preview of the site with the file's new text, checked first; named by person and file. */
  const previewOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    me: string,
    entry: EditableFile,
    text: string,
    /** Whose waiting pictures the change may name: the person's own, or the proposing editor's. */
    owner = me,
  ) => {
    const { edits } = await changeWith(entry, text, [owner]);
    const problems = await checkWithEdits(contentDir, edits);
    if (problems.length > 0) return reply.code(422).send({ error: MESSAGES.problems, ...splitProblems(problems, entry.file) });
    const started = Date.now();
    const outcome = await buildContentPreview({
      name: contentPreviewName(me, entry.file),
      projectDir: process.cwd(),
      contentDir,
      edits,
      origin: ownOrigin(request, app.config.siteUrl),
      previewsDir: app.config.previewsDir,
      keepWarm: app.config.previewWarmup,
    });
    if (!outcome.ok) return sendError(request, reply, { status: 503, message: outcome.message });
    request.log.info({ seconds: outcome.seconds, phases: outcome.phases }, "content preview built");
    await audit(app.db, me, "content-preview", entry.file);
    const base = outcome.address.replace(/\/$/, "");
    return {
      address: outcome.address,
      pages: pagesShowing(entry.file).map((page) => `${base}${page}`),
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  };

  // The first time „Inhalte“ opens, the previews' build folder is warmed in the background, and after each
  // preview the next build starts ahead (PREVIEW_WARMUP); they end with the server.
  let warmedUp = !app.config.previewWarmup;
  if (app.config.previewWarmup) app.addHook("onClose", stopPreviewBuilds);
  route(OWNER_API.contentList, async (request) => {
    const editor = isEditor(request);
    if (!warmedUp) {
      warmedUp = true;
      void warmUpPreviews(process.cwd(), request.log);
    }
    const drafts = await draftSummary(app.db);
    return {
      files: EDITABLE_FILES.filter((entry) => !editor || entry.access === "editors").map(
        ({ file, title, description, group, kind }): ContentFileSummary => ({
          file,
          title,
          description,
          group,
          kind,
          drafts: drafts.filter((draft) => draft.file === file).map((draft) => draft.editor),
          approval: approvalReason({ file, kind }) !== undefined,
        }),
      ),
      publishing,
      ...(editor ? {} : { openProposals: (await openProposals(app.db)).length }),
    };
  });

  route(
    OWNER_API.contentFile, // GET /inhalte/datei
    async (request, reply) => {
      const entry = fileOf(request, reply, request.query.pfad);
      if (!entry) return reply;
      const me = ownerOf(request);
      try {
        const { source, last, pageData } = await tree.exclusive(async () => {
          await tree.sync();
          return {
            source: await readCurrent(entry),
            last: await tree.lastCommitOf(contentPath(entry.file)),
            pageData: entry.file === EXPERIMENTS_FILE ? await experimentPages() : undefined,
          };
        });
        const drafts = await draftsOf(app.db, entry.file);
        const hide = keepsOwnerFields(request, entry);
        const data = source === undefined ? undefined : formDataOf(entry, source);
        const proposal = isEditor(request) ? await ownProposal(app.db, me, entry.file) : undefined;
        return {
          file: entry.file,
          title: entry.title,
          description: entry.description,
          kind: entry.kind,
          schema: pageData
            ? withFieldChoices(
                formSchemaFor(entry),
                experimentFieldChoices((file) => pageData.get(file)),
              )
            : hide
              ? schemaWithoutOwnerFields(formSchemaFor(entry))
              : formSchemaFor(entry),
          data: hide ? withoutOwnerFields(data) : data,
          baseCommit: last?.commit ?? "",
          lastChange: last,
          draft: drafts.find((draft) => draft.editor === me),
          otherDrafts: drafts
            .filter((draft) => draft.editor !== me)
            .map((draft) => (hide ? { ...draft, data: withoutOwnerFields(draft.data) } : draft)),
          pages: pagesShowing(entry.file),
          release: last ? await releaseOf(app.db, last.commit) : undefined,
          approval: isEditor(request) ? approvalReason(entry) : undefined,
          planned: (await scheduleOf(app.db, entry.file)).map(shownOf),
          previewValues:
            entry.kind === "json" ? undefined : previewValuesOf(await siteSettings(), isEditor(request), source ?? ""),
          // The editor's own proposal, with its data to start from (as they see the file: no owners' fields).
          proposal: proposal && {
            ...(await proposalInfo(proposal)),
            data: hide ? withoutOwnerFields(proposal.data) : proposal.data,
          },
        };
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  route(
    OWNER_API.saveDraft, // POST /inhalte/entwurf
    { bodyLimit: FORM_BODY_LIMIT },
    async (request, reply) => {
      const body = request.body;
      const entry = fileOf(request, reply, body.file);
      if (!entry) return reply;
      if (nestsTooDeep(body.data)) return sendError(request, reply, { status: 400, message: MESSAGES.tooDeep });
      const draft = await saveDraft(app.db, ownerOf(request), entry.file, body.data, body.baseCommit);
      const others = (await draftsOf(app.db, entry.file)).filter((other) => other.editor !== draft.editor);
      const hide = keepsOwnerFields(request, entry);
      return {
        draft: { updatedAt: draft.updatedAt, baseCommit: draft.baseCommit },
        otherDrafts: others.map((other) => (hide ? { ...other, data: withoutOwnerFields(other.data) } : other)),
      };
    },
  );

  route(
    OWNER_API.deleteDraft, // DELETE /inhalte/entwurf
    async (request, reply) => {
      const entry = fileOf(request, reply, request.query.pfad);
      if (!entry) return reply;
      await deleteDraft(app.db, ownerOf(request), entry.file);
      // Pictures uploaded for it that nothing else of the person's names go with it.
      await dropUnusedPictures(app.db, ownerOf(request));
      return { ok: true as const };
    },
  );

  route(
    OWNER_API.checkContent, // POST /inhalte/pruefen
    { bodyLimit: FORM_BODY_LIMIT },
    async (request, reply) => {
      const body = request.body;
      const entry = fileOf(request, reply, body.file);
      if (!entry) return reply;
      if (nestsTooDeep(body.data)) return sendError(request, reply, { status: 400, message: MESSAGES.tooDeep });
      try {
        await synced();
        const { edits } = await changeWith(entry, await textOf(request, entry, body.data), [ownerOf(request)]);
        return splitProblems(await checkWithEdits(contentDir, edits), entry.file, body.data);
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  route(
    OWNER_API.previewContent, // POST /inhalte/vorschau
    { bodyLimit: FORM_BODY_LIMIT },
    async (request, reply) => {
      const body = request.body;
      const entry = fileOf(request, reply, body.file);
      if (!entry) return reply;
      const me = ownerOf(request);
      if (nestsTooDeep(body.data)) return sendError(request, reply, { status: 400, message: MESSAGES.tooDeep });
      try {
        await synced();
      } catch (error) {
        return gitFailed(request, reply, error);
      }
      return previewOf(request, reply, me, entry, await textOf(request, entry, body.data));
    },
  );

  route(
    // Only the 200 is declared: a refusal (400, 409, 422) sends its own shape with the German message.
    OWNER_API.publish, // POST /inhalte/veroeffentlichen
    async (request, reply) => {
      const body = request.body;
      const entry = fileOf(request, reply, body.file);
      if (!entry) return reply;
      const message = messageOf(body.message);
      if (message.refusal) return sendError(request, reply, { status: 400, message: message.refusal });
      const me = ownerOf(request);
      try {
        const outcome = await tree.exclusive(async () => {
          const ready = await checkedDraft(request, entry);
          if ("refusal" in ready) return ready.refusal;
          const { data, text, last, merged, file, edits, pictures } = ready;
          // Four eyes: an editor's change to what the law relies on waits for an owner (approval.ts).
          // Its waiting pictures wait with it.
          if (await isProposal(request, entry, text))
            return proposeChange(request, entry, { data, baseCommit: last?.commit ?? "", message: message.text });
          // The pictures it names and their records go live in the same commit as the change.
          const commit = await tree.commit(
            await writeChange(edits),
            await authorOf(request),
            `${message.text}\n\n${entry.title} (${file})${changeNote(pictures, edits, entry)}`,
          );
          await publishedPictures(
            app.db,
            pictures.map((picture) => picture.path),
          );
          await deleteDraft(app.db, me, entry.file);
          await audit(app.db, me, "content-published", `${entry.file} @ ${commit.slice(0, 7)}`);
          if (watched(entry)) await notifyContentChange(app.db, app.mail, app.config, { by: me, entry, change: message.text });
          return { status: 200 as const, answer: { commit, merged, lastChange: await tree.lastCommitOf(file) } };
        });
        if (refused(outcome)) return sendRefusal(reply, outcome);
        if (outcome.status === 202) return reply.code(202).send(outcome.answer);
        await afterCommit(outcome.answer.commit, request.log);
        return { ...outcome.answer, publishing };
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  route(
    OWNER_API.history, // GET /inhalte/verlauf
    async (request, reply) => {
      const entry = fileOf(request, reply, request.query.pfad);
      if (!entry) return reply;
      try {
        const history = await tree.exclusive(async () => {
          await tree.sync();
          return tree.history(contentPath(entry.file));
        });
        // A version made in „Inhalte“ carries a role's name; any other was committed in the repository itself.
        const site = (await siteSettings()) as Record<string, unknown>;
        const roles = new Set([authorFor("editor", site).name, authorFor("owner", site).name]);
        return { history: history.map((item) => ({ ...item, madeHere: roles.has(item.author) })) };
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  // An earlier version to look at before restoring it: its data (for a preview) and what restoring would change.
  route(
    OWNER_API.version, // GET /inhalte/fassung
    async (request, reply) => {
      const entry = fileOf(request, reply, request.query.pfad);
      if (!entry) return reply;
      const commit = request.query.fassung;
      try {
        const outcome = await tree.exclusive(async () => {
          await tree.sync();
          const file = contentPath(entry.file);
          const known = (await tree.history(file, 200)).some((item) => item.commit === commit);
          const old = known ? await tree.fileAt(commit, file) : undefined;
          if (old === undefined) return undefined;
          const current = await readCurrent(entry);
          const role = isEditor(request) ? "editor" : "owner";
          const before = current === undefined ? undefined : viewFor(role, entry, formDataOf(entry, current));
          const data = viewFor(role, entry, formDataOf(entry, old));
          const schema = keepsOwnerFields(request, entry) ? schemaWithoutOwnerFields(formSchemaFor(entry)) : formSchemaFor(entry);
          return { commit, data, changes: fieldChanges(schema, before, data) };
        });
        if (!outcome) return sendError(request, reply, { status: 404, message: MESSAGES.badCommit });
        return outcome;
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  route(
    OWNER_API.restore, // POST /inhalte/zuruecksetzen
    async (request, reply) => {
      const body = request.body;
      const entry = fileOf(request, reply, body.file);
      if (!entry) return reply;
      const commit = body.commit;
      const me = ownerOf(request);
      try {
        const outcome = await tree.exclusive(async () => {
          await tree.sync();
          const file = contentPath(entry.file);
          const history = await tree.history(file, 200);
          const target = history.find((item) => item.commit === commit);
          const old = target && (await tree.fileAt(commit, file));
          if (!target || old === undefined) return { status: 404 as const, answer: { error: MESSAGES.badCommit } };
          // An editor's restore of the settings brings back the texts only, never an old recipient or period.
          const text = keepsOwnerFields(request, entry) ? await textOf(request, entry, formDataOf(entry, old)) : old;
          if (text === (await readCurrent(entry))) return { status: 400 as const, answer: { error: MESSAGES.unchanged } };
          const { edits } = await changeWith(entry, text, []);
          const problems = await checkWithEdits(contentDir, edits);
          if (problems.length > 0)
            return { status: 422 as const, answer: { error: MESSAGES.problems, ...splitProblems(problems, entry.file) } };
          if (!(await withoutSymlinks(workTree, file))) return { status: 400 as const, answer: { error: MESSAGES.symlink } };
          const date = new Date(target.date).toLocaleString("de-DE", {
            dateStyle: "medium",
            timeStyle: "short",
            timeZone: "Europe/Berlin",
          });
          // An editor's restore of what the law relies on is a proposal like any other change of theirs.
          if (await isProposal(request, entry, text)) {
            const data = formDataOf(entry, text);
            return proposeChange(request, entry, {
              data: keepsOwnerFields(request, entry) ? withoutOwnerFields(data) : data,
              baseCommit: (await tree.lastCommitOf(file))?.commit ?? "",
              message: `Zurücksetzen auf die Fassung vom ${date}: ${target.message}`.slice(0, 400),
            });
          }
          const made = await tree.commit(
            await writeChange(edits),
            await authorOf(request),
            `Zurückgesetzt auf die Fassung vom ${date}: ${target.message}\n\n${entry.title} (${file}), Fassung ${commit}${changeNote([], edits, entry)}`,
          );
          await audit(app.db, me, "content-restored", `${entry.file} @ ${made.slice(0, 7)} (Fassung ${commit.slice(0, 7)})`);
          if (watched(entry))
            await notifyContentChange(app.db, app.mail, app.config, {
              by: me,
              entry,
              change: `Zurückgesetzt auf die Fassung vom ${date}`,
            });
          return { status: 200 as const, answer: { commit: made } };
        });
        if (refused(outcome)) return sendRefusal(reply, outcome);
        if (outcome.status === 202) return reply.code(202).send(outcome.answer);
        await afterCommit(outcome.answer.commit, request.log);
        return outcome.answer;
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  // --- Planned changes: publish at a time, take back at a later one (content-editor/schedule.ts) ---

  route(
    OWNER_API.plan, // POST /inhalte/planen
    async (request, reply) => {
      const body = request.body;
      const entry = fileOf(request, reply, body.file);
      if (!entry) return reply;
      const message = messageOf(body.message);
      if (message.refusal) return sendError(request, reply, { status: 400, message: message.refusal });
      const dueAt = futureTime(body.am);
      if (typeof dueAt === "string") return sendError(request, reply, { status: 400, message: dueAt });
      const withdrawAt = body.zuruecknehmenAm === undefined ? undefined : futureTime(body.zuruecknehmenAm, dueAt);
      if (typeof withdrawAt === "string")
        return sendError(request, reply, {
          status: 400,
          message: withdrawAt === MESSAGES.timePast ? MESSAGES.withdrawBefore : withdrawAt,
        });
      const me = ownerOf(request);
      try {
        const outcome = await tree.exclusive(async () => {
          const ready = await checkedDraft(request, entry);
          if ("refusal" in ready) return ready.refusal;
          const { data, text, last } = ready;
          if (await isProposal(request, entry, text))
            return { status: 400 as const, answer: { error: MESSAGES.planNeedsApproval } };
          const planned = await plan(app.db, {
            file: entry.file,
            action: "publish",
            data,
            baseCommit: last?.commit ?? "",
            message: message.text,
            role: isEditor(request) ? "editor" : "owner",
            plannedBy: me,
            dueAt,
            withdrawAt,
          });
          await deleteDraft(app.db, me, entry.file);
          await audit(app.db, me, "content-planned", `${entry.file} für ${when(dueAt)} (Plan ${planned.id})`);
          return { status: 201 as const, answer: { planned: shownOf(planned) } };
        });
        if (refused(outcome)) return sendRefusal(reply, outcome);
        return reply.code(201).send(outcome.answer);
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  route(
    OWNER_API.cancelPlan, // DELETE /inhalte/geplant/:id
    async (request, reply) => {
      const me = ownerOf(request);
      const planned = await plannedById(app.db, request.params.id);
      // An editor cancels their own plans; an owner any.
      if (!planned || (isEditor(request) && planned.plannedBy !== me) || !(await cancel(app.db, planned.id, me)))
        return sendError(request, reply, { status: 404, message: MESSAGES.planUnknown });
      // Nothing planned is lost: a cancelled change becomes its planner's draft again, unless they have a newer one.
      if (planned.action === "publish") await draftAgain(app.db, draftOfPlan(planned));
      await audit(app.db, me, "content-plan-cancelled", `${planned.file} (Plan ${planned.id})`);
      return { ok: true as const };
    },
  );

  // --- Proposals: four eyes on what the law relies on (common/content/approval.ts) ---

  route(OWNER_API.proposals, async (request, reply) => {
    try {
      const proposals = await tree.exclusive(async () => {
        await tree.sync();
        return Promise.all((await openProposals(app.db)).map(proposalInfo));
      });
      return { proposals };
    } catch (error) {
      return gitFailed(request, reply, error);
    }
  });

  route(
    OWNER_API.approveProposal, // POST /inhalte/vorschlaege/:id/freigeben
    // Approving publishes what the law relies on: a stolen cookie alone is not enough (guard.ts).
    { preValidation: requireRecentLogin },
    async (request, reply) => {
      const me = ownerOf(request);
      const dueAt = request.body.am === undefined ? undefined : futureTime(request.body.am);
      if (typeof dueAt === "string") return sendError(request, reply, { status: 400, message: dueAt });
      const withdrawAt =
        request.body.zuruecknehmenAm === undefined || dueAt === undefined
          ? undefined
          : futureTime(request.body.zuruecknehmenAm, dueAt);
      if (typeof withdrawAt === "string")
        return sendError(request, reply, {
          status: 400,
          message: withdrawAt === MESSAGES.timePast ? MESSAGES.withdrawBefore : withdrawAt,
        });
      try {
        const outcome = await tree.exclusive(async () => {
          const proposal = await proposalById(app.db, request.params.id);
          const entry = proposal && editableFile(proposal.file);
          if (!proposal || !entry || proposal.state !== "offen")
            return { status: 404 as const, answer: { error: MESSAGES.proposalUnknown } };
          await tree.sync();
          const file = contentPath(entry.file);
          if (((await tree.lastCommitOf(file))?.commit ?? "") !== proposal.baseCommit)
            return { status: 409 as const, answer: { error: MESSAGES.proposalMoved } };
          const text = await textFor(true, entry, proposal.data);
          if (text === (await readCurrent(entry))) return { status: 400 as const, answer: { error: MESSAGES.unchanged } };
          const { edits, pictures } = await changeWith(entry, text, [proposal.editor]);
          const problems = await checkWithEdits(contentDir, edits);
          if (problems.length > 0)
            return { status: 422 as const, answer: { error: MESSAGES.problems, ...splitProblems(problems, entry.file) } };
          if (!(await withoutSymlinks(workTree, file))) return { status: 400 as const, answer: { error: MESSAGES.symlink } };
          if (dueAt) {
            // Approved for a time: the change goes live then, in the editors' role, checked once more.
            const planned = await plan(app.db, {
              file: entry.file,
              action: "publish",
              data: proposal.data,
              baseCommit: proposal.baseCommit,
              message: proposal.message,
              role: "editor",
              plannedBy: me,
              dueAt,
              withdrawAt,
            });
            if (!(await decide(app.db, proposal.id, { state: "freigegeben", by: me, note: `Geplant für ${when(dueAt)}` })))
              return { status: 404 as const, answer: { error: MESSAGES.proposalUnknown } };
            await audit(
              app.db,
              me,
              "content-proposal-approved",
              `${entry.file} für ${when(dueAt)} (Vorschlag ${proposal.id} von ${proposal.editor}, Plan ${planned.id})`,
            );
            await notifyProposalDecided(app.db, app.mail, {
              editor: proposal.editor,
              entry,
              change: proposal.message,
              by: me,
              approved: true,
              live: `Deine Änderung geht am ${when(dueAt)} live.`,
            });
            return { status: 200 as const, answer: { planned: shownOf(planned) } };
          }
          // The change is the editors'; that an owner approved it is part of the message, the person in the audit log.
          const commit = await tree.commit(
            await writeChange(edits),
            authorFor("editor", (await siteSettings()) as Record<string, unknown>),
            `${proposal.message}\n\nVon der Verwaltung freigegeben.\n\n${entry.title} (${file})${changeNote(pictures, edits, entry)}`,
          );
          await publishedPictures(
            app.db,
            pictures.map((picture) => picture.path),
          );
          if (!(await decide(app.db, proposal.id, { state: "freigegeben", by: me, commit })))
            return { status: 404 as const, answer: { error: MESSAGES.proposalUnknown } };
          await audit(
            app.db,
            me,
            "content-proposal-approved",
            `${entry.file} @ ${commit.slice(0, 7)} (Vorschlag ${proposal.id} von ${proposal.editor})`,
          );
          await notifyContentChange(app.db, app.mail, app.config, { by: proposal.editor, entry, change: proposal.message });
          await notifyProposalDecided(app.db, app.mail, {
            editor: proposal.editor,
            entry,
            change: proposal.message,
            by: me,
            approved: true,
            live: remote
              ? "Deine Änderung ist veröffentlicht; die Website wird jetzt neu gebaut und zeigt sie in wenigen Minuten."
              : "Deine Änderung ist veröffentlicht; in etwa einer Minute ist sie live.",
          });
          return { status: 200 as const, answer: { commit } };
        });
        if (refused(outcome)) return sendRefusal(reply, outcome);
        if (outcome.answer.commit) await afterCommit(outcome.answer.commit, request.log);
        return { ...outcome.answer, publishing };
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  route(
    OWNER_API.returnProposal, // POST /inhalte/vorschlaege/:id/zurueckgeben
    async (request, reply) => {
      const me = ownerOf(request);
      const note = request.body.note.trim();
      if (!note) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.proposalNote });
      const proposal = await proposalById(app.db, request.params.id);
      const entry = proposal && editableFile(proposal.file);
      if (!proposal || !entry || !(await decide(app.db, proposal.id, { state: "zurueckgegeben", by: me, note })))
        return sendError(request, reply, { status: 404, message: MESSAGES.proposalUnknown });
      // The editor finds the change again as their draft, unless they have started a newer one.
      await draftAgain(app.db, proposal);
      await audit(app.db, me, "content-proposal-returned", `${entry.file} (Vorschlag ${proposal.id} von ${proposal.editor})`);
      await notifyProposalDecided(app.db, app.mail, {
        editor: proposal.editor,
        entry,
        change: proposal.message,
        by: me,
        approved: false,
        note,
      });
      return { ok: true as const };
    },
  );

  route(
    OWNER_API.previewProposal, // POST /inhalte/vorschlaege/:id/vorschau
    async (request, reply) => {
      const me = ownerOf(request);
      const proposal = await proposalById(app.db, request.params.id);
      const entry = proposal && editableFile(proposal.file);
      if (!proposal || !entry || proposal.state !== "offen")
        return sendError(request, reply, { status: 404, message: MESSAGES.proposalUnknown });
      try {
        await synced();
      } catch (error) {
        return gitFailed(request, reply, error);
      }
      return previewOf(request, reply, me, entry, await textFor(true, entry, proposal.data), proposal.editor);
    },
  );

  route(
    OWNER_API.withdrawProposal, // DELETE /inhalte/vorschlag
    async (request, reply) => {
      const entry = fileOf(request, reply, request.query.pfad);
      if (!entry) return reply;
      const me = ownerOf(request);
      const proposal = await ownProposal(app.db, me, entry.file);
      if (!proposal || !(await withdraw(app.db, me, entry.file)))
        return sendError(request, reply, { status: 404, message: MESSAGES.proposalUnknown });
      // What was proposed stays the editor's draft, to change or to discard.
      await draftAgain(app.db, proposal);
      await audit(app.db, me, "content-proposal-withdrawn", `${entry.file} (Vorschlag ${proposal.id})`);
      return { ok: true as const };
    },
  );

  route(OWNER_API.images, async (request) => imageChoice(ownerOf(request)));

  /** The waiting picture of an open proposal that names it, for an owner who decides on the proposal. */
  const proposedPicture = async (request: FastifyRequest, image: string, id: string | undefined) => {
    if (id === undefined || isEditor(request)) return undefined;
    const proposal = await proposalById(app.db, id);
    if (proposal?.state !== "offen" || !JSON.stringify(proposal.data).includes(image)) return undefined;
    return pendingPicture(app.db, proposal.editor, image);
  };

  // A picture to look at beside its field: only the pictures listed above, never through a link.
  route(
    OWNER_API.image, // GET /inhalte/bild
    async (request, reply) => {
      const image = request.query.pfad;
      const relative = `${CONTENT_DIR}/${image}`;
      // The person's own waiting picture, from the database; no one else's, except for an owner looking at an open
      // proposal that names it: then it is the proposing editor's.
      const waiting =
        (await pendingPicture(app.db, ownerOf(request), image)) ??
        (await proposedPicture(request, image, request.query.vorschlag));
      if (waiting) return reply.type("image/jpeg").header("cache-control", "private, max-age=300").send(waiting.jpeg);
      if (!(await listImages(contentDir)).includes(image) || !(await withoutSymlinks(workTree, relative)))
        return sendError(request, reply, { status: 404, message: MESSAGES.unknownFile });
      const type = IMAGE_TYPES[path.extname(image).toLowerCase()] ?? "application/octet-stream";
      return reply
        .type(type)
        .header("cache-control", "private, max-age=300")
        .send(await readFile(path.join(workTree, relative)));
    },
  );

  route(
    OWNER_API.uploadImage, // POST /inhalte/bilder
    { bodyLimit: Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 4096 },
    async (request, reply) => {
      const { name, data, credit = {} } = request.body;
      const me = ownerOf(request);
      const { rows } = await app.db.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM audit_log
          WHERE owner_email = $1 AND action = 'content-image' AND at > now() - interval '1 hour'`,
        [me],
      );
      if ((rows[0]?.count ?? 0) >= UPLOADS_PER_HOUR)
        return sendError(request, reply, { status: 429, message: MESSAGES.tooManyUploads });
      // No picture without its origin (§§ 13, 97 UrhG; § 22 KUG): each missing fact is named, nothing is stored.
      const missing = creditInputProblems(credit, germanToday());
      if (Object.keys(missing).length > 0) {
        request.log.info({ statusCode: 400, fields: Object.keys(missing) }, "picture refused without its credit");
        return sendRefusal(reply, {
          status: 400,
          answer: { error: [MESSAGES.creditMissing, ...Object.values(missing)].join(" "), errors: missing },
        });
      }
      const checked = await reencodeUpload(Buffer.from(data, "base64"));
      if (!checked.ok) return sendError(request, reply, { status: 400, message: checked.message });
      try {
        // The picture waits with the person's drafts: it reaches the repository with the change that uses it.
        const image = await tree.exclusive(async () => {
          await tree.sync();
          const slug = imageSlug(name);
          const taken = new Set([...(await listImages(contentDir)), ...(await pendingPaths(app.db))]);
          let relative = `${IMAGES_DIR}/${slug}.jpg`;
          for (let number = 2; taken.has(relative); number += 1) relative = `${IMAGES_DIR}/${slug}-${number}.jpg`;
          await addPendingPicture(app.db, {
            path: relative,
            editor: me,
            credit: photoCredit(relative, credit),
            jpeg: checked.jpeg,
            width: checked.width,
            height: checked.height,
          });
          await audit(app.db, me, "content-image", relative);
          return relative;
        });
        return reply.code(201).send({ image, ...(await imageChoice(me)) });
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );
}

/** The records of content/image-credits.json, or undefined when the file is not the list it should be. */
function recordsOf(text: string): ImageCredit[] | undefined {
  try {
    const images = (JSON.parse(text) as { images?: unknown }).images;
    return Array.isArray(images) ? (images as ImageCredit[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The check's problems: this file's by field (for the form, each with the field's name as the form shows it, so
 * a message can say where), and the rest as they are. `data`: the edited file's data, for the entries' names.
 */
function splitProblems(problems: Problem[], file: string, data?: unknown) {
  const others = problems.filter((problem) => problem.file !== file);
  const entry = editableFile(file);
  const named = (at: Problem["path"]) =>
    entry && at.length > 0 ? { field: fieldLabel(formSchemaFor(entry), at.map(String), data) } : {};
  return {
    problems: problems
      .filter((problem) => problem.file === file)
      .map(({ path: at, message }) => ({ path: at, message, ...named(at) })),
    otherProblems: others.map((problem) => problem.line),
    otherPlaces: others.map(placeOf),
  };
}

/** A problem in another file as the editor finds it: the screen's and the field's names, and the way there. */
function placeOf(problem: Problem): { file?: string; text: string } {
  const entry = problem.file === undefined ? undefined : editableFile(problem.file);
  if (!entry) return { text: problem.line };
  const field = problem.path.length > 0 ? ` › ${fieldLabel(formSchemaFor(entry), problem.path.map(String))}` : "";
  return { file: entry.file, text: `${entry.title}${field}: ${problem.message}` };
}
