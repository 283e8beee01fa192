/**
 * An editor as an attacker, through the owner API on a real git repository (a local bare repository as
 * CONTENT_GIT_REMOTE): what an editor writes never runs on the server, never brings HTML onto a page,
 * never reaches the owners' login mail or the settings that steer data, and never forges the history.
 * Each payload would leave a marker file behind if it ran; none may.
 */
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { allContentProblems } from "../../../common/content/content-check";
import { OWNER_ONLY_SITE_FIELDS } from "../../../common/content/editor-access";
import { loadTemplates } from "../../../common/mail/templates";
import { withoutCredentials } from "../../content-editor/work-tree";
import { contentPreviewName, pruneFormerEditorsPreviews } from "../../content-editor/publishing";
import { purgeOldDrafts } from "../../content-editor/drafts";
import { PREVIEW_MAX_AGE_DAYS } from "../../../common/preview";
import { PREVIEW_FILE, listPreviews, newPreviewToken, prunePreviews } from "../../release/previews";
import { UPLOADS_PER_HOUR } from "./content";
import { createPgliteDatabase, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { git, loginByLink, seedContentRemote } from "../../test-support/content-remote";

const OWNER = "inhaber@urkraft-test.de";
const EDITOR = "eva.editor@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };
const PROJECT = path.resolve(__dirname, "../../..");

/** A front matter that runs code if any reader evaluates it: it writes `marker`. */
const codeHead = (marker: string) =>
  `---js\n(globalThis.process.getBuiltinModule("fs").writeFileSync(${JSON.stringify(marker)}, "lief"), { subject: "Hallo" })\n---\n`;

describe("an editor as an attacker", () => {
  let database: TestDatabase;
  let test: TestApp;
  let dir: string;
  let remote: string;
  let other: string;
  let marker: string;
  const cookies: Record<string, string> = {};

  const get = (url: string, who = EDITOR) =>
    test.app.inject({ method: "GET", url, headers: { accept: "application/json", cookie: cookies[who]! } });
  const post = (url: string, body: unknown, who = EDITOR) => postJson(test.app, url, body, { ...ORIGIN, cookie: cookies[who]! });
  const remoteFile = (file: string) => git(remote, "show", `main:content/${file}`);
  const openFile = async (file: string, who = EDITOR) => {
    const response = await get(`/api/verwaltung/inhalte/datei?pfad=${encodeURIComponent(file)}`, who);
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  /** Saves a draft of `data` and publishes it; the answer of the publish. */
  const publish = async (file: string, data: unknown, who = EDITOR, message = "Kleine Änderung") => {
    const { baseCommit } = await openFile(file, who);
    const saved = await post("/api/verwaltung/inhalte/entwurf", { file, data, baseCommit }, who);
    assert.equal(saved.statusCode, 200, saved.body);
    return post("/api/verwaltung/inhalte/veroeffentlichen", { file, message }, who);
  };
  /** Pushes `text` as content/`file` from someone else's clone, as a developer's commit would. */
  const pushFromOutside = (file: string, text: string, message = "Von außen") => {
    git(other, "pull", "--quiet", "--rebase", "origin", "main");
    writeFileSync(path.join(other, "content", file), text);
    git(other, "commit", "--quiet", "-am", message);
    git(other, "push", "--quiet", "origin", "HEAD:main");
    return git(other, "rev-parse", "HEAD");
  };

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-angriff-"));
    marker = path.join(dir, "code-lief");
    ({ remote, other } = seedContentRemote(dir));
    database = await createPgliteDatabase();
    test = await buildTestApp(database, {
      OWNER_EMAILS: OWNER,
      EDITOR_EMAILS: EDITOR,
      MAIL_WORKER: "false",
      OWNER_LOGIN_LIMIT: "1000",
      CONTENT_GIT_REMOTE: remote,
      DATA_DIR: path.join(dir, "data"),
    });
    for (const who of [OWNER, EDITOR]) cookies[who] = await loginByLink(test, database, who);
  });
  after(async () => {
    await test?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("checks before the work tree's first sync without a server error", async () => {
    const { data } = await openFile("faq.json").catch(() => ({ data: undefined }));
    const fresh = await buildTestApp(database, {
      OWNER_EMAILS: OWNER,
      EDITOR_EMAILS: EDITOR,
      MAIL_WORKER: "false",
      CONTENT_GIT_REMOTE: remote,
      DATA_DIR: path.join(dir, "data-frisch"),
    });
    try {
      const answer = await postJson(
        fresh.app,
        "/api/verwaltung/inhalte/pruefen",
        { file: "faq.json", data },
        { ...ORIGIN, cookie: cookies[EDITOR]! },
      );
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(answer.json().problems, []);
    } finally {
      await fresh.close();
    }
  });

  describe("front matter that would run code", () => {
    it("is only ever text: a body starting with ---js is written under a head, checked, proposed and approved without running", async () => {
      const body = `${codeHead(marker)}Urkraft GmbH · {{street}}`;
      const check = await post("/api/verwaltung/inhalte/pruefen", { file: "emails/_footer.md", data: { body } });
      assert.equal(check.statusCode, 200, check.body);
      // The footer carries the company's mandatory facts: an editor's change waits for an owner.
      const proposed = await publish("emails/_footer.md", { body });
      assert.equal(proposed.statusCode, 202, proposed.body);
      const listed = (await get("/api/verwaltung/inhalte/vorschlaege", OWNER)).json().proposals;
      assert.match(JSON.stringify(listed), /---js/, "the owner reads it as text");
      const published = await post(`/api/verwaltung/inhalte/vorschlaege/${proposed.json().proposal.id}/freigeben`, {}, OWNER);
      assert.equal(published.statusCode, 200, published.body);
      const text = remoteFile("emails/_footer.md");
      assert.ok(text.startsWith("---\n---\n---js\n"), "the server writes a head of its own before the body");
      assert.equal(existsSync(marker), false, "nothing ran");
      // Read back, the body is the body: the head stays the server's.
      assert.equal((await openFile("emails/_footer.md")).data.body.startsWith("---js"), true);
    });

    it("is refused with a German message when a commit from outside brings it, in the editor, the check, the restore and at start", async () => {
      const commit = pushFromOutside("emails/_footer.md", `${codeHead(marker)}Fußzeile\n`);
      const shown = await openFile("emails/_footer.md");
      assert.match(shown.data.body, /^---js/, "shown as text to repair");
      const check = (
        await post("/api/verwaltung/inhalte/pruefen", { file: "faq.json", data: (await openFile("faq.json")).data })
      ).json();
      assert.ok(
        check.otherProblems.some((line: string) => /_footer\.md.*Kopfbereich nur als YAML/.test(line)),
        JSON.stringify(check),
      );
      assert.ok(
        check.otherPlaces.some(
          (place: { file: string; text: string }) =>
            place.file === "emails/_footer.md" &&
            /^Fußzeile jeder E-Mail an Besucher › Text: Kopfbereich nur als YAML/.test(place.text),
        ),
        JSON.stringify(check),
      );
      const preview = await post("/api/verwaltung/inhalte/vorschau", {
        file: "faq.json",
        data: (await openFile("faq.json")).data,
      });
      assert.equal(preview.statusCode, 422, "no preview is built of content with such a head");
      // Back to a clean footer, then try to restore the one with code.
      const clean = readFileSync(path.join(PROJECT, "content/emails/_footer.md"), "utf8");
      pushFromOutside("emails/_footer.md", clean, "Fußzeile repariert");
      const restore = await post("/api/verwaltung/inhalte/zuruecksetzen", { file: "emails/_footer.md", commit });
      assert.equal(restore.statusCode, 422, restore.body);
      assert.ok(JSON.stringify(restore.json()).includes("Kopfbereich nur als YAML"), restore.body);
      // The server's start and the build's check read the same files.
      const content = path.join(dir, "start-content");
      cpSync(path.join(PROJECT, "content"), content, { recursive: true });
      writeFileSync(path.join(content, "emails", "owner-login.md"), `${codeHead(marker)}[Zur Anmeldung]({{loginUrl}})\n`);
      writeFileSync(
        path.join(content, "legal", "agb.md"),
        `${codeHead(marker)}${readFileSync(path.join(PROJECT, "content/legal/agb.md"), "utf8")}`,
      );
      assert.throws(() => loadTemplates(path.join(content, "emails")), /owner-login\.md: Kopfbereich nur als YAML/);
      assert.ok(allContentProblems(content).some((line) => /agb\.md, Kopfbereich: Kopfbereich nur als YAML/.test(line)));
      assert.equal(existsSync(marker), false, "nothing ran");
    });
  });

  describe("HTML in a legal text", () => {
    it("is refused at its line, and so is a link to anything but the site, https or mailto", async () => {
      const { data } = await openFile("legal/impressum.md");
      const lines = (data.body as string).split("\n");
      const payloads = [
        "<script>fetch('/api/verwaltung/anfragen').then((r) => r.text()).then((t) => fetch('/x?' + t))</script>",
        '<form action="/api/verwaltung/anfragen/1/antwort" method="post"><input name="text" value="x"><button>Weiter</button></form>',
        '<iframe src="https://evil.example"></iframe>',
        "[Gewinnspiel](javascript:alert(document.cookie))",
      ];
      for (const payload of payloads) {
        const body = [...lines.slice(0, 4), payload, ...lines.slice(4)].join("\n");
        const answer = (
          await post("/api/verwaltung/inhalte/pruefen", { file: "legal/impressum.md", data: { ...data, body } })
        ).json();
        assert.ok(
          answer.problems.some((problem: { message: string }) => /Zeile \d+: (HTML|Linkziel)/.test(problem.message)),
          `${payload}: ${JSON.stringify(answer)}`,
        );
        const published = await publish("legal/impressum.md", { ...data, body });
        assert.equal(published.statusCode, 422, `${payload} is not published`);
      }
    });
  });

  describe("the owners' mails", () => {
    const ownersOnly = ["emails/owner-login.md", "emails/owner-login-warning.md", "emails/contact-notification-full.md"];

    it("are neither listed for an editor nor opened, checked, previewed, saved, published or restored", async () => {
      const listed = (await get("/api/verwaltung/inhalte")).json().files.map((file: { file: string }) => file.file);
      const data = { subject: "Anmeldung", body: "[Zur Anmeldung](https://evil.example/sso?weiter={{loginUrl}})" };
      for (const file of ownersOnly) {
        assert.equal(listed.includes(file), false, file);
        const answers = [
          await get(`/api/verwaltung/inhalte/datei?pfad=${encodeURIComponent(file)}`),
          await post("/api/verwaltung/inhalte/pruefen", { file, data }),
          await post("/api/verwaltung/inhalte/vorschau", { file, data }),
          await post("/api/verwaltung/inhalte/entwurf", { file, data, baseCommit: "" }),
          await post("/api/verwaltung/inhalte/veroeffentlichen", { file, message: "Neu" }),
          await post("/api/verwaltung/inhalte/zuruecksetzen", { file, commit: "0".repeat(40) }),
        ];
        for (const answer of answers) {
          assert.equal(answer.statusCode, 403, `${file}: ${answer.body}`);
          assert.match(answer.json().error, /nur Inhaber/);
        }
      }
      assert.doesNotMatch(remoteFile("emails/owner-login.md"), /evil/);
    });

    it("carry a token link only as a whole link target and link only to the site, even for an owner", async () => {
      const { data } = await openFile("emails/owner-login.md", OWNER);
      for (const body of [
        "[Zur Anmeldung](https://evil.example/sso?weiter={{loginUrl}})",
        "Dein Link: https://evil.example/?t={{loginUrl}}",
        "[Zur Anmeldung]({{loginUrl}})\n\n[Hilfe](https://evil.example/hilfe)",
      ]) {
        const answer = await publish("emails/owner-login.md", { ...data, body }, OWNER);
        assert.equal(answer.statusCode, 422, body);
        assert.ok(JSON.stringify(answer.json()).match(/ganzes Linkziel|verlinken nur diese Website/), answer.body);
      }
      const confirmation = await openFile("emails/lead-confirmation.md");
      const leaked = await publish("emails/lead-confirmation.md", {
        ...confirmation.data,
        body: `${confirmation.data.body}\n\n[Noch einmal](https://evil.example/?c={{confirmUrl}})`,
      });
      assert.equal(leaked.statusCode, 422, "an editor cannot send a visitor's confirmation link elsewhere either");
    });
  });

  describe("the settings that steer data", () => {
    it("are hidden from an editor and kept as they are whatever the editor sends", async () => {
      const before = JSON.parse(remoteFile("site.json"));
      const shown = await openFile("site.json");
      for (const field of OWNER_ONLY_SITE_FIELDS) {
        const [top, inner] = field.split(".");
        const value = inner ? shown.data[top!]?.[inner] : shown.data[top!];
        assert.equal(value, undefined, `${field} is not in an editor's data`);
        const schema = inner ? shown.schema.properties[top!]?.properties : shown.schema.properties;
        assert.equal(schema?.[inner ?? top!], undefined, `${field} is not in an editor's form`);
      }
      const data = {
        ...shown.data,
        blurb: "Urkraft: Bewegung und Küche wie früher, für Männer mitten im Leben.",
        email: "editor@evil.example",
        ownerNotification: "full",
        mailFrom: { name: "Urkraft", address: "editor@evil.example" },
        retention: { ...before.retention, auditLogDays: 1, contactRequestDays: 1 },
        consent: { ...shown.data.consent, newslettersPerMonth: 12 },
      };
      const answer = await publish("site.json", data);
      assert.equal(answer.statusCode, 200, answer.body);
      const after = JSON.parse(remoteFile("site.json"));
      assert.equal(after.blurb, data.blurb, "the editor's own change is published");
      for (const field of OWNER_ONLY_SITE_FIELDS) {
        const [top, inner] = field.split(".");
        assert.deepEqual(inner ? after[top!]?.[inner] : after[top!], inner ? before[top!]?.[inner] : before[top!], field);
      }
    });

    it("stay hidden in an owner's draft that an editor sees beside their own", async () => {
      const owner = await openFile("site.json", OWNER);
      const drafted = { ...owner.data, deployment: { ...owner.data.deployment, hostingProvider: "Geheim GmbH" } };
      assert.equal(
        (await post("/api/verwaltung/inhalte/entwurf", { file: "site.json", data: drafted, baseCommit: owner.baseCommit }, OWNER))
          .statusCode,
        200,
      );
      const seen = await openFile("site.json");
      assert.equal(seen.otherDrafts.length, 1);
      assert.equal(seen.otherDrafts[0].data.deployment, undefined);
      assert.doesNotMatch(JSON.stringify(seen), /Geheim GmbH/);
      await test.app.inject({
        method: "DELETE",
        url: "/api/verwaltung/inhalte/entwurf?pfad=site.json",
        headers: { ...ORIGIN, accept: "application/json", cookie: cookies[OWNER]! },
      });
    });

    it("keep their floors even for an owner, and every owner hears of a change to the settings", async () => {
      const { data } = await openFile("site.json", OWNER);
      const short = await publish("site.json", { ...data, retention: { ...data.retention, auditLogDays: 1 } }, OWNER);
      assert.equal(short.statusCode, 422);
      assert.match(JSON.stringify(short.json()), /mindestens 365/);
      const { rows } = await database.db.query<{ recipient: string; subject: string; text: string }>(
        "SELECT recipient, subject, message ->> 'text' AS text FROM mail_outbox WHERE kind = 'owner-content-changed' ORDER BY id",
      );
      assert.ok(rows.length > 0, "the editor's change to site.json was announced");
      assert.ok(rows.every((row) => row.recipient === OWNER));
      assert.ok(
        rows.some((row) => row.text.includes(EDITOR) && row.text.includes("content/site.json")),
        JSON.stringify(rows),
      );
    });
  });

  describe("the history", () => {
    it("refuses control characters in a message, and a message made outside cannot forge an entry", async () => {
      const { data } = await openFile("faq.json");
      data[0].answer = `${data[0].answer} Ergänzt.`;
      const forged = `Neu\x1e${"f".repeat(40)}\x1fAnna\x1fanna@x.de\x1f2026-01-01T00:00:00Z\x1fAlt`;
      const refused = await publish("faq.json", data, EDITOR, forged);
      assert.equal(refused.statusCode, 400);
      assert.match(refused.json().error, /Steuerzeichen/);
      pushFromOutside("faq.json", `${readFileSync(path.join(PROJECT, "content/faq.json"), "utf8")}\n`, forged);
      const history = (await get("/api/verwaltung/inhalte/verlauf?pfad=faq.json")).json().history as { commit: string }[];
      assert.equal(
        history.some((entry) => entry.commit === "f".repeat(40)),
        false,
        "no entry with a commit from the message",
      );
      const restore = await post("/api/verwaltung/inhalte/zuruecksetzen", { file: "faq.json", commit: "f".repeat(40) });
      assert.equal(restore.statusCode, 404);
    });

    it("answers „Keine Änderung“ for a publish or restore that changes nothing, not a server error", async () => {
      const first = await openFile("faq.json");
      first.data[1].answer = `${first.data[1].answer} Noch ein Satz.`;
      assert.equal((await publish("faq.json", first.data)).statusCode, 200);
      const { data, lastChange } = await openFile("faq.json");
      const answer = await publish("faq.json", data);
      assert.equal(answer.statusCode, 400, answer.body);
      assert.match(answer.json().error, /Keine Änderung/);
      const restore = await post("/api/verwaltung/inhalte/zuruecksetzen", { file: "faq.json", commit: lastChange.commit });
      assert.equal(restore.statusCode, 400, restore.body);
      assert.match(restore.json().error, /Keine Änderung/);
    });

    it("refuses data nested deeper than any content file with a German message, not a server error", async () => {
      let data: unknown = "tief";
      for (let level = 0; level < 1000; level += 1) data = { a: [data] };
      for (const url of ["/api/verwaltung/inhalte/pruefen", "/api/verwaltung/inhalte/vorschau"]) {
        const answer = await post(url, { file: "faq.json", data });
        assert.equal(answer.statusCode, 400, `${url}: ${answer.body}`);
        assert.match(answer.json().error, /zu tief verschachtelt/);
      }
      const draft = await post("/api/verwaltung/inhalte/entwurf", { file: "faq.json", data, baseCommit: "" });
      assert.equal(draft.statusCode, 400, draft.body);
    });

    it("logs a remote's address as scheme, host and path only", () => {
      const logged = withoutCredentials(
        "fatal: unable to access 'https://bot:geheim@git.example/urkraft/inhalte.git?access_token=ghp_123#x': 403",
      );
      assert.equal(logged, "fatal: unable to access 'https://git.example/urkraft/inhalte.git': 403");
    });
  });

  describe("drafts", () => {
    it("are deleted after 90 days without a change, and not before", async () => {
      await database.db.query("DELETE FROM content_drafts");
      const { data, baseCommit } = await openFile("faq.json");
      assert.equal((await post("/api/verwaltung/inhalte/entwurf", { file: "faq.json", data, baseCommit })).statusCode, 200);
      assert.equal(
        (await post("/api/verwaltung/inhalte/entwurf", { file: "recipes.json", data: [], baseCommit })).statusCode,
        200,
      );
      await database.db.query(
        `UPDATE content_drafts SET updated_at = now() - interval '91 days' WHERE editor_email = $1 AND file = 'recipes.json'`,
        [EDITOR],
      );
      assert.equal(await purgeOldDrafts(database.db), 1);
      const { rows } = await database.db.query<{ file: string }>("SELECT file FROM content_drafts WHERE editor_email = $1", [
        EDITOR,
      ]);
      assert.deepEqual(
        rows.map((row) => row.file),
        ["faq.json"],
      );
      await database.db.query("DELETE FROM content_drafts");
    });
  });

  describe("pictures", () => {
    it("keep their records: a person without consent is refused, and an editor's changed record waits for an owner", async () => {
      const { data } = await openFile("image-credits.json");
      const person = structuredClone(data);
      person.images[0] = { ...person.images[0], showsPerson: "ja", consentDate: "" };
      const refused = await publish("image-credits.json", person);
      assert.equal(refused.statusCode, 422, refused.body);
      assert.match(JSON.stringify(refused.json().problems), /erkennbare Person, aber der Tag ihrer Einwilligung fehlt/);
      const renamed = structuredClone(data);
      renamed.images[0] = { ...renamed.images[0], author: "Urkraft GmbH, Grafikabteilung" };
      const proposed = await publish("image-credits.json", renamed);
      assert.equal(proposed.statusCode, 202, proposed.body);
      assert.doesNotMatch(remoteFile("image-credits.json"), /Grafikabteilung/);
      const { rows } = await database.db.query<{ subject: string }>(
        "SELECT subject FROM mail_outbox WHERE kind = 'owner-content-proposal' AND recipient = $1",
        [OWNER],
      );
      assert.ok(
        rows.some((row) => row.subject.includes("Bildnachweise")),
        JSON.stringify(rows),
      );
    });

    it("are limited per person and hour, with a German message", async () => {
      await database.db.query(
        "INSERT INTO audit_log (owner_email, action, object) SELECT $1, 'content-image', 'images/x.jpg' FROM generate_series(1, $2::integer)",
        [EDITOR, UPLOADS_PER_HOUR],
      );
      const answer = await post("/api/verwaltung/inhalte/bilder", {
        name: "noch eins",
        data: Buffer.from("x").toString("base64"),
      });
      assert.equal(answer.statusCode, 429, answer.body);
      assert.match(answer.json().error, /in der letzten Stunde schon 20 Bilder/);
      const owner = await post(
        "/api/verwaltung/inhalte/bilder",
        {
          name: "noch eins",
          data: Buffer.from("x").toString("base64"),
          credit: { author: "Anna Schmidt", license: "Nutzungsrecht", proof: "Vertrag", showsPerson: "nein" },
        },
        OWNER,
      );
      assert.equal(owner.statusCode, 400, "another person's uploads do not count: this one only fails as no picture");
      assert.match(owner.json().error, /kein Bild/);
    });
  });

  describe("the owner API", () => {
    it("takes no form post, even from its own origin with the owner's cookie", async () => {
      for (const type of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
        const answer = await test.app.inject({
          method: "POST",
          url: "/api/verwaltung/inhalte/veroeffentlichen",
          headers: { ...ORIGIN, cookie: cookies[OWNER]!, "content-type": type },
          payload: type.startsWith("multipart")
            ? '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nfaq.json\r\n--x--\r\n'
            : "file=faq.json&message=x",
        });
        assert.equal(answer.statusCode, 415, `${type}: ${answer.body}`);
        assert.match(answer.body, /nicht aus einem Formular/);
      }
    });
  });

  describe("previews", () => {
    /** A preview folder as build-preview.ts leaves it, built `daysAgo` days ago. */
    const placePreview = (name: string, daysAgo: number) => {
      const token = newPreviewToken();
      const place = path.join(test.app.config.previewsDir, token);
      mkdirSync(path.join(place, "public"), { recursive: true });
      writeFileSync(
        path.join(place, "public", "index.html"),
        "<!DOCTYPE html><html lang=de><title>Vorschau</title><h1>Vorschau</h1></html>",
      );
      const createdAt = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString();
      writeFileSync(path.join(place, PREVIEW_FILE), JSON.stringify({ name, token, commit: "abc", createdAt }));
      return token;
    };

    it("are named without the person, differently for each editor, and the same again for the same change", () => {
      const name = contentPreviewName(EDITOR, "site.json");
      assert.doesNotMatch(name, /eva|editor|urkraft/i);
      assert.equal(name, contentPreviewName(` ${EDITOR.toUpperCase()} `, "site.json"));
      assert.notEqual(name, contentPreviewName("eva.editor@anderswo.de", "site.json"));
    });

    it("are not served past their age, and are pruned with it and with their editor", async () => {
      const fresh = placePreview(contentPreviewName(EDITOR, "faq.json"), 1);
      const old = placePreview(contentPreviewName(EDITOR, "recipes.json"), PREVIEW_MAX_AGE_DAYS + 1);
      const former = placePreview(contentPreviewName("ehemals@urkraft-test.de", "faq.json"), 1);
      assert.equal((await test.app.inject({ method: "GET", url: `/vorschau/${fresh}/` })).statusCode, 200);
      const expired = await test.app.inject({ method: "GET", url: `/vorschau/${old}/`, headers: { accept: "text/html" } });
      assert.equal(expired.statusCode, 404);
      assert.match(expired.body, /älter als 14 Tage/);
      const dir = test.app.config.previewsDir;
      assert.deepEqual(
        prunePreviews(dir).map((preview) => preview.token),
        [old],
      );
      assert.deepEqual(
        pruneFormerEditorsPreviews(dir, [OWNER, EDITOR]).map((preview) => preview.token),
        [former],
      );
      assert.deepEqual(
        listPreviews(dir).map((preview) => preview.token),
        [fresh],
      );
    });

    it("let the sandboxed page's form ask (CORS) and then refuse it with the German note", async () => {
      const token = placePreview(contentPreviewName(EDITOR, "pages/home.json"), 1);
      const asked = await test.app.inject({
        method: "OPTIONS",
        url: `/vorschau/${token}/api/leads`,
        headers: { origin: "null", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
      assert.equal(asked.statusCode, 204);
      assert.equal(asked.headers["access-control-allow-origin"], "*");
      assert.match(String(asked.headers["access-control-allow-headers"]), /content-type/);
      const sent = await test.app.inject({
        method: "POST",
        url: `/vorschau/${token}/api/leads`,
        headers: { origin: "null", "content-type": "application/json", accept: "application/json" },
        payload: { name: "Markus", email: "markus@beispiel.de" },
      });
      assert.equal(sent.statusCode, 403);
      assert.equal(sent.headers["access-control-allow-origin"], "*");
      assert.match(sent.json().error, /Das ist eine Vorschau: Formulare werden hier nicht gesendet/);
    });

    it("answer in a sandbox of their own origin, so the owner's session is not theirs", async () => {
      const answer = await test.app.inject({ method: "GET", url: "/vorschau/AAAAAAAAAAAAAAAAAAAAAA/datenschutz" });
      const csp = String(answer.headers["content-security-policy"]);
      assert.match(csp, /(^|; )sandbox allow-scripts allow-forms$/);
      assert.doesNotMatch(csp, /allow-same-origin/);
    });
  });
});
