/**
 * Four eyes in „Inhalte“ on a real git repository (a local bare repository is CONTENT_GIT_REMOTE): an
 * editor's change to what the law relies on (a legal text, the company facts in the settings, a restore of
 * either) becomes a proposal instead of a commit; the owners hear of it and read it field by field; an
 * owner approves it only with a recent login, and then it is committed in the editors' role; an owner may
 * send it back with a note, the editor may withdraw it; a change made meanwhile is never overwritten.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { ageSessions } from "../../test-support/sessions";
import { git, loginByLink, seedContentRemote } from "../../test-support/content-remote";

const OWNER = "inhaberin@urkraft-test.de";
const EDITOR = "redaktion@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };
const PRIVACY = "legal/datenschutz.md";

for (const target of databaseTargets()) {
  describe(`proposals for an owner's approval on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let dir: string;
    let remote: string;
    let other: string;
    const cookies: Record<string, string> = {};

    const get = (url: string, who = EDITOR) =>
      test.app.inject({ method: "GET", url, headers: { accept: "application/json", cookie: cookies[who]! } });
    const post = (url: string, body: unknown, who = EDITOR) =>
      postJson(test.app, url, body, { ...ORIGIN, cookie: cookies[who]! });
    const remoteFile = (file: string) => git(remote, "show", `main:content/${file}`);
    const openFile = async (file: string, who = EDITOR) => {
      const response = await get(`/api/verwaltung/inhalte/datei?pfad=${encodeURIComponent(file)}`, who);
      assert.equal(response.statusCode, 200, response.body);
      return response.json();
    };
    /** The editor's change to `file` as a draft, then „Veröffentlichen“. */
    async function publish(file: string, edit: (data: Record<string, unknown>) => void, message: string, who = EDITOR) {
      const { data, baseCommit } = await openFile(file, who);
      edit(data);
      assert.equal((await post("/api/verwaltung/inhalte/entwurf", { file, data, baseCommit }, who)).statusCode, 200);
      return post("/api/verwaltung/inhalte/veroeffentlichen", { file, message }, who);
    }
    const proposals = async () => {
      const response = await get("/api/verwaltung/inhalte/vorschlaege", OWNER);
      assert.equal(response.statusCode, 200, response.body);
      return response.json().proposals;
    };
    const mails = async (kind: string) =>
      (
        await database.db.query<{ recipient: string; subject: string; text: string }>(
          "SELECT recipient, subject, message ->> 'text' AS text FROM mail_outbox WHERE kind = $1 ORDER BY id",
          [kind],
        )
      ).rows;
    const auditOf = async (action: string) =>
      (
        await database.db.query<{ owner_email: string; object: string }>(
          "SELECT owner_email, object FROM audit_log WHERE action = $1 ORDER BY id",
          [action],
        )
      ).rows;

    before(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-vorschlaege-test-"));
      ({ remote, other } = seedContentRemote(dir));
      database = await target.create();
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

    it("makes an editor's change to the privacy statement a proposal: nothing is pushed, every owner is told", async () => {
      const before = remoteFile(PRIVACY);
      const head = git(remote, "rev-parse", "main");
      const opened = await openFile(PRIVACY);
      assert.match(opened.approval, /Rechtstext/, "the editor is told before publishing");
      const answer = await publish(
        PRIVACY,
        (data) => {
          data.body = String(data.body).replace("## 1.", "Wir haben diesen Text zuletzt im Dezember geprüft.\n\n## 1.");
        },
        "Prüfvermerk ergänzt",
      );
      assert.equal(answer.statusCode, 202, answer.body);
      const { proposal } = answer.json();
      assert.equal(proposal.state, "offen");
      assert.equal(proposal.editor, EDITOR);
      assert.equal(git(remote, "rev-parse", "main"), head, "nothing was pushed");
      assert.equal(remoteFile(PRIVACY), before);
      assert.equal((await openFile(PRIVACY)).draft, undefined, "the change now lives in the proposal");
      assert.equal((await openFile(PRIVACY)).proposal.id, proposal.id, "the editor sees it waiting");

      const [mail] = await mails("owner-content-proposal");
      assert.equal(mail?.recipient, OWNER);
      assert.match(mail!.subject, /Zur Freigabe: Datenschutzerklärung/);
      assert.match(mail!.text, /Prüfvermerk ergänzt/);
      assert.match(mail!.text, /\/verwaltung\/inhalte\/vorschlaege/);
      assert.equal((await auditOf("content-proposed"))[0]?.owner_email, EDITOR);

      const [listed] = await proposals();
      assert.equal(listed.id, proposal.id);
      const text = listed.changes.find((change: { field: string }) => change.field === "Text");
      assert.ok(text, JSON.stringify(listed.changes));
      assert.deepEqual(
        text.lines.filter((line: { kind: string }) => line.kind === "neu").map((line: { text: string }) => line.text),
        ["Wir haben diesen Text zuletzt im Dezember geprüft.", ""],
      );
      assert.ok(
        text.lines.some((line: { kind: string }) => line.kind === "ausgelassen"),
        "the unchanged rest is left out",
      );
      assert.equal((await get("/api/verwaltung/inhalte/vorschlaege")).statusCode, 403, "editors do not decide");
      assert.equal((await post(`/api/verwaltung/inhalte/vorschlaege/${proposal.id}/freigeben`, {})).statusCode, 403);
    });

    it("lets an owner approve only after a recent login, then commits it in the editors' role and tells the editor", async () => {
      const [proposal] = await proposals();
      await ageSessions(database.db, 30 - 1);
      const stale = await post(`/api/verwaltung/inhalte/vorschlaege/${proposal.id}/freigeben`, {}, OWNER);
      assert.equal(stale.statusCode, 403, stale.body);
      assert.equal(stale.json().confirmLogin, true);
      assert.doesNotMatch(remoteFile(PRIVACY), /zuletzt im Dezember/);

      cookies[OWNER] = await loginByLink(test, database, OWNER);
      const approved = await post(`/api/verwaltung/inhalte/vorschlaege/${proposal.id}/freigeben`, {}, OWNER);
      assert.equal(approved.statusCode, 200, approved.body);
      assert.equal(git(remote, "rev-parse", "main"), approved.json().commit);
      assert.match(remoteFile(PRIVACY), /Wir haben diesen Text zuletzt im Dezember geprüft\./);
      assert.equal(git(remote, "log", "-1", "--format=%an", "main"), "Urkraft Redaktion");
      assert.match(git(remote, "log", "-1", "--format=%B", "main"), /^Prüfvermerk ergänzt\n\nVon der Verwaltung freigegeben\./);
      assert.doesNotMatch(git(remote, "log", "-1", "--format=%B", "main"), /@/, "no person in the history");
      assert.deepEqual(await proposals(), []);
      assert.equal((await openFile(PRIVACY)).proposal, undefined);
      assert.match((await auditOf("content-proposal-approved"))[0]!.object, new RegExp(`von ${EDITOR}`));
      const [decided] = await mails("owner-proposal-decided");
      assert.equal(decided?.recipient, EDITOR);
      assert.match(decided!.subject, /wurde freigegeben/);
      const again = await post(`/api/verwaltung/inhalte/vorschlaege/${proposal.id}/freigeben`, {}, OWNER);
      assert.equal(again.statusCode, 404, "a decided proposal is not approved twice");
    });

    it("publishes an editor's other settings at once, but proposes a change to the company's legal facts", async () => {
      const blurb = await publish(
        "site.json",
        (data) => {
          data.blurb = "Urkraft verbindet Bewegung im Alltag und traditionelle Küche zu einem Programm für dein echtes Leben.";
        },
        "Kurzvorstellung gestrafft",
      );
      assert.equal(blurb.statusCode, 200, blurb.body);
      assert.match(remoteFile("site.json"), /zu einem Programm für dein echtes Leben/);

      const company = await publish(
        "site.json",
        (data) => {
          (data.legal as { representatives: string[] }).representatives.push("Anna Berger");
        },
        "Zweite Geschäftsführerin",
      );
      assert.equal(company.statusCode, 202, company.body);
      assert.doesNotMatch(remoteFile("site.json"), /Anna Berger/);
      const listed = (await proposals()).find((item: { file: string }) => item.file === "site.json");
      assert.deepEqual(
        listed.changes.map((change: { field: string; before: string; after: string }) => [change.field, change.after]),
        [["Firmendaten › Vertretungsberechtigte › Eintrag 2", "Anna Berger"]],
      );
    });

    it("sends a proposal back with a note: the change becomes the editor's draft again and the editor reads why", async () => {
      const listed = (await proposals()).find((item: { file: string }) => item.file === "site.json");
      const empty = await post(`/api/verwaltung/inhalte/vorschlaege/${listed.id}/zurueckgeben`, { note: "  " }, OWNER);
      assert.equal(empty.statusCode, 400);
      assert.match(empty.json().error, /was geändert werden soll/);
      const note = "Die neue Geschäftsführerin ist noch nicht im Handelsregister eingetragen.";
      const returned = await post(`/api/verwaltung/inhalte/vorschlaege/${listed.id}/zurueckgeben`, { note }, OWNER);
      assert.equal(returned.statusCode, 200, returned.body);
      const opened = await openFile("site.json");
      assert.equal(opened.proposal.state, "zurueckgegeben");
      assert.equal(opened.proposal.note, note);
      assert.deepEqual(
        opened.draft.data.legal.representatives,
        ["Thomas Berger", "Anna Berger"],
        "nothing the editor wrote is lost",
      );
      assert.equal("email" in opened.draft.data, false, "an editor's draft never shows the owners' fields");
      const [, decided] = await mails("owner-proposal-decided");
      assert.equal(decided?.recipient, EDITOR);
      assert.match(decided!.text, /Handelsregister/);
      assert.doesNotMatch(remoteFile("site.json"), /Anna Berger/);
    });

    it("lets the editor withdraw a waiting proposal, keeping the change as a draft", async () => {
      const answer = await publish(
        "testimonials.json",
        (data) => {
          const list = data as unknown as { text: string }[];
          list[0]!.text = "Ich gehe jetzt jeden Morgen eine Runde um den Block.";
        },
        "Bericht gekürzt",
      );
      assert.equal(answer.statusCode, 202, answer.body);
      const withdrawn = await test.app.inject({
        method: "DELETE",
        url: "/api/verwaltung/inhalte/vorschlag?pfad=testimonials.json",
        headers: { ...ORIGIN, cookie: cookies[EDITOR]! },
      });
      assert.equal(withdrawn.statusCode, 200, withdrawn.body);
      assert.equal(
        (await proposals()).some((item: { file: string }) => item.file === "testimonials.json"),
        false,
      );
      const opened = await openFile("testimonials.json");
      assert.equal(opened.proposal, undefined);
      assert.match(opened.draft.data[0].text, /Runde um den Block\.$/);
    });

    it("makes an editor's restore of a legal text a proposal too", async () => {
      const { history } = (await get(`/api/verwaltung/inhalte/verlauf?pfad=${encodeURIComponent(PRIVACY)}`)).json();
      assert.equal(history.length, 2);
      const head = git(remote, "rev-parse", "main");
      const restored = await post("/api/verwaltung/inhalte/zuruecksetzen", { file: PRIVACY, commit: history[1].commit });
      assert.equal(restored.statusCode, 202, restored.body);
      assert.match(restored.json().proposal.message, /^Zurücksetzen auf die Fassung vom /);
      assert.equal(git(remote, "rev-parse", "main"), head, "nothing was pushed");
      assert.match(remoteFile(PRIVACY), /zuletzt im Dezember/);
    });

    it("never overwrites a change published since the proposal: the owner is told to send it back", async () => {
      const waiting = (await proposals()).find((item: { file: string }) => item.file === PRIVACY);
      git(other, "pull", "--quiet", "origin", "main");
      const file = path.join(other, "content", PRIVACY);
      const text = git(other, "show", `HEAD:content/${PRIVACY}`).replace(
        /^description: .*$/m,
        'description: "Nachtrag aus dem Repository"',
      );
      writeFileSync(file, `${text}\n`);
      git(other, "commit", "--quiet", "-am", "Nachtrag");
      git(other, "push", "--quiet", "origin", "main");
      const moved = await post(`/api/verwaltung/inhalte/vorschlaege/${waiting.id}/freigeben`, {}, OWNER);
      assert.equal(moved.statusCode, 409, moved.body);
      assert.match(moved.json().error, /seit dem Vorschlag geändert/);
      assert.match(remoteFile(PRIVACY), /Nachtrag aus dem Repository/);
    });

    it("publishes an owner's own change to a legal text at once, as before", async () => {
      const answer = await publish(
        "legal/impressum.md",
        (data) => {
          data.description = "Impressum der Urkraft GmbH: Anbieter, Kontakt, Register und Verantwortliche.";
        },
        "Kurzbeschreibung",
        OWNER,
      );
      assert.equal(answer.statusCode, 200, answer.body);
      assert.match(remoteFile("legal/impressum.md"), /Anbieter, Kontakt, Register und Verantwortliche/);
    });
  });
}
