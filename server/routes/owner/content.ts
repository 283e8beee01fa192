/**
 * „Inhalte“ for owners and editors (every route here is open to editors): the content files as forms
 * (schema and data), drafts kept per person, the content check on the edited files, preview, publishing
 * as a commit in the person's name, each file's history and restoring an earlier version, and pictures.
 * Files are named by their path under content/ and must be in EDITABLE_FILES; nothing else is read or
 * written. Everything that touches the work tree runs one at a time (ContentWorkTree.exclusive).
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EDITABLE_FILES, editableFile, pagesShowing, type EditableFile } from "../../../common/content/editable-files";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import { checkWithEdits, type Problem } from "../../content-editor/check";
import {
  contentPath,
  CONTENT_DIR,
  fileTextOf,
  formDataOf,
  formSchemaFor,
  withoutSymlinks,
} from "../../content-editor/content-files";
import { deleteDraft, draftsOf, draftSummary, saveDraft } from "../../content-editor/drafts";
import { imageSlug, IMAGES_DIR, listImages, reencodeUpload, UPLOAD_MAX_BYTES } from "../../content-editor/images";
import {
  buildContentPreview,
  contentPreviewName,
  deployPublished,
  stopPreviewBuilds,
  warmUpPreviews,
} from "../../content-editor/publishing";
import { authorFor, ContentWorkTree, GitError } from "../../content-editor/work-tree";
import {
  ContentDataBody,
  ContentDraftBody,
  ContentFileQuery,
  ContentImageBody,
  ContentPublishBody,
  ContentRestoreBody,
} from "../../../common/owner/schemas";
import {
  CheckAnswer,
  ContentFileAnswer,
  ContentList,
  ContentPreviewAnswer,
  DraftSaved,
  HistoryAnswer,
  ImageList,
  ImageUploaded,
  OkAnswer,
  PublishAnswer,
  RestoreAnswer,
  type ContentFileSummary,
} from "../../../common/owner/responses";
import { ownerOf, ownOrigin } from "./guard";
import { schemaWithoutOwnerFields, withOwnerFields, withoutOwnerFields } from "../../../common/content/editor-access";
import { notifyContentChange } from "../../services/owner-alerts";
import { OWNER_MESSAGES } from "./messages";
import {
  creditInputProblems,
  germanToday,
  IMAGE_CREDITS_FILE,
  photoCredit,
  type ImageCredit,
} from "../../../common/content/image-credits";

/** Pictures one person may upload within an hour: each is a commit pushed at once. */
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
  creditMissing: "Das Bild ist nicht gespeichert: Es fehlen noch Angaben dazu, woher es stammt.",
  creditsUnreadable:
    "Die Bildnachweise (image-credits.json) lassen sich gerade nicht lesen, deshalb ist das Bild nicht gespeichert. Bitte wende dich an einen Inhaber.",
} as const;

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

export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const editors = { config: { ownerAccess: "editors" } } as const;
  const { remote, branch, workTree } = app.config.contentGit;
  const tree = new ContentWorkTree(workTree, remote, branch);
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
  const siteSettings = async () => JSON.parse((await readFile(path.join(contentDir, "site.json"), "utf8")) || "{}") as unknown;
  /** The file's new text from the form's data; an editor's site.json keeps the owners' fields as they are. */
  const textOf = async (request: FastifyRequest, entry: EditableFile, data: unknown) => {
    const current = await readCurrent(entry);
    const own = keepsOwnerFields(request, entry) ? withOwnerFields(data, current === undefined ? {} : JSON.parse(current)) : data;
    return fileTextOf(entry, own, current, await siteSettings(), today());
  };
  /** The role a commit is made in (work-tree.ts): the person is in the audit log only. */
  const authorOf = async (request: FastifyRequest) =>
    authorFor(isEditor(request) ? "editor" : "owner", (await siteSettings()) as Record<string, unknown>);
  /** The content check needs the work tree: before the first sync there is none yet. */
  const synced = () => tree.exclusive(() => tree.sync());

  // The first time „Inhalte“ opens, the previews' build folder is warmed in the background, and after each
  // preview the next build starts ahead (PREVIEW_WARMUP); they end with the server.
  let warmedUp = !app.config.previewWarmup;
  if (app.config.previewWarmup) app.addHook("onClose", stopPreviewBuilds);
  app.get("/inhalte", { ...editors, schema: { response: { 200: ContentList } } }, async (request) => {
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
        }),
      ),
      publishing: remote ? { to: "remote", branch } : { to: "deploy" },
    };
  });

  app.get<{ Querystring: ContentFileQuery }>(
    "/inhalte/datei",
    { ...editors, schema: { querystring: ContentFileQuery, response: { 200: ContentFileAnswer } } },
    async (request, reply) => {
      const entry = fileOf(request, reply, request.query.pfad);
      if (!entry) return reply;
      const me = ownerOf(request);
      try {
        const { source, last } = await tree.exclusive(async () => {
          await tree.sync();
          return { source: await readCurrent(entry), last: await tree.lastCommitOf(contentPath(entry.file)) };
        });
        const drafts = await draftsOf(app.db, entry.file);
        const hide = keepsOwnerFields(request, entry);
        const data = source === undefined ? undefined : formDataOf(entry, source);
        return {
          file: entry.file,
          title: entry.title,
          description: entry.description,
          kind: entry.kind,
          schema: hide ? schemaWithoutOwnerFields(formSchemaFor(entry)) : formSchemaFor(entry),
          data: hide ? withoutOwnerFields(data) : data,
          baseCommit: last?.commit ?? "",
          lastChange: last,
          draft: drafts.find((draft) => draft.editor === me),
          otherDrafts: drafts
            .filter((draft) => draft.editor !== me)
            .map((draft) => (hide ? { ...draft, data: withoutOwnerFields(draft.data) } : draft)),
          pages: pagesShowing(entry.file),
        };
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  app.post<{ Body: ContentDraftBody }>(
    "/inhalte/entwurf",
    { ...editors, bodyLimit: FORM_BODY_LIMIT, schema: { body: ContentDraftBody, response: { 200: DraftSaved } } },
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

  app.delete<{ Querystring: ContentFileQuery }>(
    "/inhalte/entwurf",
    { ...editors, schema: { querystring: ContentFileQuery, response: { 200: OkAnswer } } },
    async (request, reply) => {
      const entry = fileOf(request, reply, request.query.pfad);
      if (!entry) return reply;
      await deleteDraft(app.db, ownerOf(request), entry.file);
      return { ok: true };
    },
  );

  app.post<{ Body: ContentDataBody }>(
    "/inhalte/pruefen",
    { ...editors, bodyLimit: FORM_BODY_LIMIT, schema: { body: ContentDataBody, response: { 200: CheckAnswer } } },
    async (request, reply) => {
      const body = request.body;
      const entry = fileOf(request, reply, body.file);
      if (!entry) return reply;
      if (nestsTooDeep(body.data)) return sendError(request, reply, { status: 400, message: MESSAGES.tooDeep });
      try {
        await synced();
        const problems = await checkWithEdits(contentDir, new Map([[entry.file, await textOf(request, entry, body.data)]]));
        return splitProblems(problems, entry.file);
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  app.post<{ Body: ContentDataBody }>(
    "/inhalte/vorschau",
    { ...editors, bodyLimit: FORM_BODY_LIMIT, schema: { body: ContentDataBody, response: { 200: ContentPreviewAnswer } } },
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
      const edits = new Map([[entry.file, await textOf(request, entry, body.data)]]);
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
      const pages = pagesShowing(entry.file);
      const base = outcome.address.replace(/\/$/, "");
      return {
        address: outcome.address,
        pages: pages.map((page) => `${base}${page}`),
        seconds: Math.round((Date.now() - started) / 100) / 10,
      };
    },
  );

  app.post<{ Body: ContentPublishBody }>(
    "/inhalte/veroeffentlichen",
    // Only the 200 is declared: a refusal (400, 409, 422) sends its own shape with the German message.
    { ...editors, schema: { body: ContentPublishBody, response: { 200: PublishAnswer } } },
    async (request, reply) => {
      const body = request.body;
      const entry = fileOf(request, reply, body.file);
      if (!entry) return reply;
      const message = body.message.trim();
      if (!message || message.length > 200) return sendError(request, reply, { status: 400, message: MESSAGES.messageMissing });
      if (CONTROL_CHARACTERS.test(message)) return sendError(request, reply, { status: 400, message: MESSAGES.messageControl });
      const me = ownerOf(request);
      try {
        const outcome = await tree.exclusive(async () => {
          const draft = (await draftsOf(app.db, entry.file)).find((item) => item.editor === me);
          if (!draft) return { status: 400 as const, answer: { error: MESSAGES.noDraft } };
          await tree.sync();
          const file = contentPath(entry.file);
          const last = await tree.lastCommitOf(file);
          if ((last?.commit ?? "") !== draft.baseCommit) {
            const theirs = await readCurrent(entry);
            return {
              status: 409 as const,
              answer: {
                error: MESSAGES.conflict,
                conflict: { change: last, data: theirs === undefined ? undefined : formDataOf(entry, theirs) },
              },
            };
          }
          const text = await textOf(request, entry, draft.data);
          if (text === (await readCurrent(entry))) return { status: 400 as const, answer: { error: MESSAGES.unchanged } };
          const problems = await checkWithEdits(contentDir, new Map([[entry.file, text]]));
          if (problems.length > 0)
            return { status: 422 as const, answer: { error: MESSAGES.problems, ...splitProblems(problems, entry.file) } };
          if (!(await withoutSymlinks(workTree, file))) return { status: 400 as const, answer: { error: MESSAGES.symlink } };
          await writeFile(path.join(workTree, file), text);
          const commit = await tree.commit([file], await authorOf(request), `${message}\n\n${entry.title} (${file})`);
          await deleteDraft(app.db, me, entry.file);
          await audit(app.db, me, "content-published", `${entry.file} @ ${commit.slice(0, 7)}`);
          if (watched(entry)) await notifyContentChange(app.db, app.mail, app.config, { by: me, entry, change: message });
          return { status: 200 as const, answer: { commit, lastChange: await tree.lastCommitOf(file) } };
        });
        if (outcome.status === 200 && !remote) deployPublished(workTree, request.log);
        return reply.code(outcome.status).send({
          ...outcome.answer,
          ...(outcome.status === 200 ? { publishing: remote ? { to: "remote", branch } : { to: "deploy" } } : {}),
        });
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  app.get<{ Querystring: ContentFileQuery }>(
    "/inhalte/verlauf",
    { ...editors, schema: { querystring: ContentFileQuery, response: { 200: HistoryAnswer } } },
    async (request, reply) => {
      const entry = fileOf(request, reply, request.query.pfad);
      if (!entry) return reply;
      try {
        const history = await tree.exclusive(async () => {
          await tree.sync();
          return tree.history(contentPath(entry.file));
        });
        return { history };
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  app.post<{ Body: ContentRestoreBody }>(
    "/inhalte/zuruecksetzen",
    { ...editors, schema: { body: ContentRestoreBody, response: { 200: RestoreAnswer } } },
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
          const problems = await checkWithEdits(contentDir, new Map([[entry.file, text]]));
          if (problems.length > 0)
            return { status: 422 as const, answer: { error: MESSAGES.problems, ...splitProblems(problems, entry.file) } };
          if (!(await withoutSymlinks(workTree, file))) return { status: 400 as const, answer: { error: MESSAGES.symlink } };
          await writeFile(path.join(workTree, file), text);
          const date = new Date(target.date).toLocaleString("de-DE", {
            dateStyle: "medium",
            timeStyle: "short",
            timeZone: "Europe/Berlin",
          });
          const made = await tree.commit(
            [file],
            await authorOf(request),
            `Zurückgesetzt auf die Fassung vom ${date}: ${target.message}\n\n${entry.title} (${file}), Fassung ${commit}`,
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
        if (outcome.status === 200 && !remote) deployPublished(workTree, request.log);
        return reply.code(outcome.status).send(outcome.answer);
      } catch (error) {
        return gitFailed(request, reply, error);
      }
    },
  );

  app.get("/inhalte/bilder", { ...editors, schema: { response: { 200: ImageList } } }, async () => ({
    images: await listImages(contentDir),
  }));

  // A picture to look at beside its field: only the pictures listed above, never through a link.
  app.get<{ Querystring: ContentFileQuery }>(
    "/inhalte/bild",
    { ...editors, schema: { querystring: ContentFileQuery } },
    async (request, reply) => {
      const image = request.query.pfad;
      const relative = `${CONTENT_DIR}/${image}`;
      if (!(await listImages(contentDir)).includes(image) || !(await withoutSymlinks(workTree, relative)))
        return sendError(request, reply, { status: 404, message: MESSAGES.unknownFile });
      const type = IMAGE_TYPES[path.extname(image).toLowerCase()] ?? "application/octet-stream";
      return reply
        .type(type)
        .header("cache-control", "private, max-age=300")
        .send(await readFile(path.join(workTree, relative)));
    },
  );

  app.post<{ Body: ContentImageBody }>(
    "/inhalte/bilder",
    {
      ...editors,
      bodyLimit: Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 4096,
      schema: { body: ContentImageBody, response: { 201: ImageUploaded } },
    },
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
        return reply.code(400).send({ error: [MESSAGES.creditMissing, ...Object.values(missing)].join(" "), errors: missing });
      }
      const checked = await reencodeUpload(Buffer.from(data, "base64"));
      if (!checked.ok) return sendError(request, reply, { status: 400, message: checked.message });
      const creditsEntry = editableFile(IMAGE_CREDITS_FILE)!;
      try {
        const image = await tree.exclusive(async () => {
          await tree.sync();
          const creditsText = await readCurrent(creditsEntry);
          const records = creditsText === undefined ? undefined : recordsOf(creditsText);
          if (!records) return undefined;
          const slug = imageSlug(name);
          const existing = new Set(await listImages(contentDir));
          let relative = `${IMAGES_DIR}/${slug}.jpg`;
          for (let number = 2; existing.has(relative); number += 1) relative = `${IMAGES_DIR}/${slug}-${number}.jpg`;
          const file = `${CONTENT_DIR}/${relative}`;
          if (!(await withoutSymlinks(workTree, file))) throw new SymlinkError(file);
          await mkdir(path.dirname(path.join(workTree, file)), { recursive: true });
          await writeFile(path.join(workTree, file), checked.jpeg);
          // The picture's record goes into the same commit: no picture on the remote without its origin.
          const creditsFile = contentPath(creditsEntry.file);
          const creditsData = { images: [...records, photoCredit(relative, credit)] };
          await writeFile(
            path.join(workTree, creditsFile),
            await fileTextOf(creditsEntry, creditsData, creditsText, await siteSettings(), today()),
          );
          await tree.commit(
            [file, creditsFile],
            await authorOf(request),
            `Bild hochgeladen: ${relative}\n\n${checked.width} × ${checked.height} Pixel`,
          );
          await audit(app.db, me, "content-image", relative);
          return relative;
        });
        if (image === undefined) return sendError(request, reply, { status: 409, message: MESSAGES.creditsUnreadable });
        return reply.code(201).send({ image, images: await listImages(contentDir) });
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

/** The check's problems: this file's by field (for the form), and the rest as they are. */
function splitProblems(problems: Problem[], file: string) {
  return {
    problems: problems.filter((problem) => problem.file === file).map(({ path: at, message }) => ({ path: at, message })),
    otherProblems: problems.filter((problem) => problem.file !== file).map((problem) => problem.line),
  };
}
