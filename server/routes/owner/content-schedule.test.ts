/**
 * Planned changes in „Inhalte“ on a real git repository (a local bare repository is CONTENT_GIT_REMOTE):
 * a change planned for a time goes live then, also when the server was restarted in between; it can be
 * taken back at a later time, field by field, keeping a correction made since; a change that meets the
 * same field changed meanwhile, or fails the content check at its time, is not published and its planner
 * is told why in German and finds the plan as their draft again; an owner may approve a proposal for a time; a
 * cancelled plan becomes a draft again.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { git, loginByLink, seedContentRemote, berlinTimeIn } from "../../test-support/content-remote";

const OWNER = "inhaberin@urkraft-test.de";
const EDITOR = "redaktion@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };

for (const target of databaseTargets()) {
  describe(`changes planned for a time on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let dir: string;
    let remote: string;
    let other: string;
    const cookies: Record<string, string> = {};
    const env = () => ({
      OWNER_EMAILS: OWNER,
      EDITOR_EMAILS: EDITOR,
      MAIL_WORKER: "false",
      OWNER_LOGIN_LIMIT: "1000",
      CONTENT_GIT_REMOTE: remote,
      DATA_DIR: path.join(dir, "data"),
    });

    const get = (url: string, who = EDITOR) =>
      test.app.inject({ method: "GET", url, headers: { accept: "application/json", cookie: cookies[who]! } });
    const post = (url: string, body: unknown, who = EDITOR) =>
      postJson(test.app, url, body, { ...ORIGIN, cookie: cookies[who]! });
    const faq = () => JSON.parse(git(remote, "show", "main:content/faq.json")) as { question: string; answer: string }[];
    const openFile = async (file: string, who = EDITOR) => {
      const response = await get(`/api/verwaltung/inhalte/datei?pfad=${encodeURIComponent(file)}`, who);
      assert.equal(response.statusCode, 200, response.body);
      return response.json();
    };
    async function draft(file: string, edit: (data: never) => void, who = EDITOR) {
      const { data, baseCommit } = await openFile(file, who);
      edit(data as never);
      assert.equal((await post("/api/verwaltung/inhalte/entwurf", { file, data, baseCommit }, who)).statusCode, 200);
    }
    /** Moves every plan still to come `minutes` earlier, as if that time had passed. */
    const timePasses = (minutes: number) =>
      database.db.query(
        "UPDATE content_schedule SET due_at = due_at - $1::integer * interval '1 minute', withdraw_at = withdraw_at - $1::integer * interval '1 minute' WHERE state = 'geplant'",
        [minutes],
      );
    const planned = async (file: string) => (await openFile(file)).planned;
    const lastMail = async (kind: string) =>
      (
        await database.db.query<{ recipient: string; subject: string; text: string }>(
          "SELECT recipient, subject, message ->> 'text' AS text FROM mail_outbox WHERE kind = $1 ORDER BY id DESC LIMIT 1",
          [kind],
        )
      ).rows[0];

    before(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-geplant-test-"));
      ({ remote, other } = seedContentRemote(dir));
      database = await target.create();
      test = await buildTestApp(database, env());
      for (const who of [OWNER, EDITOR]) cookies[who] = await loginByLink(test, database, who);
    });
    after(async () => {
      await test?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("refuses a time that is past or no time, in German, and keeps the draft", async () => {
      await draft("faq.json", (data: { answer: string }[]) => {
        data[0]!.answer = "Zu Weihnachten: Jeden Tag ein Spaziergang nach dem Essen.";
      });
      for (const [am, message] of [
        [berlinTimeIn(-5), /schon vorbei/],
        ["2026-13-01T10:00", /Tag und Uhrzeit/],
        ["morgen", /Tag und Uhrzeit/],
      ] as const) {
        const refused = await post("/api/verwaltung/inhalte/planen", { file: "faq.json", message: "Weihnachten", am });
        assert.equal(refused.statusCode, 400, refused.body);
        assert.match(refused.json().error, message);
      }
      const early = await post("/api/verwaltung/inhalte/planen", {
        file: "faq.json",
        message: "Weihnachten",
        am: berlinTimeIn(60),
        zuruecknehmenAm: berlinTimeIn(30),
      });
      assert.equal(early.statusCode, 400);
      assert.match(early.json().error, /erst, nachdem sie live gegangen ist/);
      assert.ok((await openFile("faq.json")).draft, "nothing lost");
    });

    it("publishes a planned change at its time after a restart in between, and takes it back at a later time", async () => {
      const head = git(remote, "rev-parse", "main");
      const answer = await post("/api/verwaltung/inhalte/planen", {
        file: "faq.json",
        message: "Weihnachtstipp",
        am: berlinTimeIn(60),
        zuruecknehmenAm: berlinTimeIn(24 * 60),
      });
      assert.equal(answer.statusCode, 201, answer.body);
      assert.equal(answer.json().planned.state, "geplant");
      assert.equal((await openFile("faq.json")).draft, undefined, "the draft became the plan");
      assert.equal(await test.app.contentSchedule.runDue(), 0, "not yet");
      assert.equal(git(remote, "rev-parse", "main"), head);

      await test.close();
      test = await buildTestApp(database, env());
      await timePasses(61);
      assert.equal(await test.app.contentSchedule.runDue(), 1);
      assert.equal(faq()[0]!.answer, "Zu Weihnachten: Jeden Tag ein Spaziergang nach dem Essen.");
      assert.equal(git(remote, "log", "-1", "--format=%an|%s", "main"), "Urkraft Redaktion|Weihnachtstipp");
      assert.match(git(remote, "log", "-1", "--format=%b", "main"), /^Wie geplant veröffentlicht am \d\d\.\d\d\.\d{4} um/);
      const [, done] = (await planned("faq.json")) as { action: string; state: string; outcome: string }[];
      assert.equal(done?.state, "erledigt");
      assert.match(done!.outcome, /^Veröffentlicht am /);
      const mail = await lastMail("owner-content-planned");
      assert.equal(mail?.recipient, EDITOR);
      assert.match(mail!.subject, /ist live: Häufige Fragen/);

      // Meanwhile someone corrects the second answer; taking the tip back leaves that correction.
      git(other, "pull", "--quiet", "origin", "main");
      const theirs = JSON.parse(git(other, "show", "HEAD:content/faq.json"));
      theirs[1].answer = `${theirs[1].answer} Korrigiert.`;
      writeFileSync(path.join(other, "content/faq.json"), `${JSON.stringify(theirs, null, 2)}\n`);
      git(other, "commit", "--quiet", "-am", "Korrektur");
      git(other, "push", "--quiet", "origin", "main");
      const [withdrawal] = await planned("faq.json");
      assert.equal(withdrawal.action, "withdraw");
      assert.equal(withdrawal.state, "geplant");
      await timePasses(24 * 60);
      assert.equal(await test.app.contentSchedule.runDue(), 1);
      const seeded = JSON.parse(git(remote, "show", "main~3:content/faq.json"));
      assert.equal(faq()[0]!.answer, seeded[0].answer, "the tip is gone again");
      assert.match(faq()[1]!.answer, / Korrigiert\.$/, "the later correction stays");
      assert.match(git(remote, "log", "-1", "--format=%s", "main"), /^Zurückgenommen: Weihnachtstipp$/);
    });

    it("publishes nothing when the same field changed since the plan, and tells the planner why", async () => {
      await draft("faq.json", (data: { answer: string }[]) => {
        data[1]!.answer = "Eine geplante Antwort.";
      });
      assert.equal(
        (await post("/api/verwaltung/inhalte/planen", { file: "faq.json", message: "Antwort 2", am: berlinTimeIn(10) }))
          .statusCode,
        201,
      );
      git(other, "pull", "--quiet", "origin", "main");
      const theirs = JSON.parse(git(other, "show", "HEAD:content/faq.json"));
      theirs[1].answer = "Eine andere Antwort von außen.";
      writeFileSync(path.join(other, "content/faq.json"), `${JSON.stringify(theirs, null, 2)}\n`);
      git(other, "commit", "--quiet", "-am", "Von außen");
      git(other, "push", "--quiet", "origin", "main");
      const head = git(remote, "rev-parse", "main");
      await timePasses(11);
      assert.equal(await test.app.contentSchedule.runDue(), 1);
      assert.equal(git(remote, "rev-parse", "main"), head, "nothing published");
      const [failed] = await planned("faq.json");
      assert.equal(failed.state, "fehlgeschlagen");
      assert.match(failed.outcome, /an derselben Stelle geändert \(1\.answer\)/);
      assert.match((await lastMail("owner-content-planned"))!.subject, /ist fehlgeschlagen/);
      // Nothing the planner wrote is lost: the plan is their draft again, to compare with the change and plan anew.
      assert.match(failed.outcome, /Deine geplante Fassung liegt wieder als dein Entwurf bereit/);
      assert.equal((await openFile("faq.json")).draft.data[1].answer, "Eine geplante Antwort.");
      const discarded = await test.app.inject({
        method: "DELETE",
        url: "/api/verwaltung/inhalte/entwurf?pfad=faq.json",
        headers: { ...ORIGIN, cookie: cookies[EDITOR]! },
      });
      assert.equal(discarded.statusCode, 200);
    });

    it("cancels a plan, which becomes the planner's draft again", async () => {
      await draft("faq.json", (data: { question: string }[]) => {
        data[2]!.question = "Geplante Frage?";
      });
      const made = await post("/api/verwaltung/inhalte/planen", { file: "faq.json", message: "Frage 3", am: berlinTimeIn(30) });
      assert.equal(made.statusCode, 201, made.body);
      const id = made.json().planned.id;
      const remove = (who: string) =>
        test.app.inject({
          method: "DELETE",
          url: `/api/verwaltung/inhalte/geplant/${id}`,
          headers: { ...ORIGIN, cookie: cookies[who]! },
        });
      assert.equal((await remove(EDITOR)).statusCode, 200);
      assert.equal((await remove(EDITOR)).statusCode, 404, "cancelled once");
      assert.equal((await openFile("faq.json")).draft.data[2].question, "Geplante Frage?");
      await timePasses(31);
      assert.equal(await test.app.contentSchedule.runDue(), 0);
    });

    it("tells every owner once of a legal text changed in the repository from outside „Inhalte“", async () => {
      const told = async () =>
        (
          await database.db.query<{ recipient: string; text: string }>(
            "SELECT recipient, message ->> 'text' AS text FROM mail_outbox WHERE kind = 'owner-content-changed' ORDER BY id",
          )
        ).rows;
      assert.equal(await test.app.contentSchedule.watchOutside(), 0, "the first look notes where the branch stands");
      const before = (await told()).length;
      git(other, "pull", "--quiet", "origin", "main");
      const impressum = path.join(other, "content/legal/impressum.md");
      const text = git(other, "show", "HEAD:content/legal/impressum.md").replace(
        /^description: .*$/m,
        'description: "Von außen geändert"',
      );
      writeFileSync(impressum, `${text}\n`);
      const faqFile = path.join(other, "content/faq.json");
      const faqs = JSON.parse(git(other, "show", "HEAD:content/faq.json"));
      faqs[0].answer = `${faqs[0].answer} Von außen.`;
      writeFileSync(faqFile, `${JSON.stringify(faqs, null, 2)}\n`);
      git(other, "commit", "--quiet", "-am", "Impressum und FAQ direkt geändert");
      git(other, "push", "--quiet", "origin", "main");
      assert.equal(await test.app.contentSchedule.watchOutside(), 1, "the legal text, not the FAQ");
      const mails = (await told()).slice(before);
      assert.equal(mails.length, 1);
      assert.equal(mails[0]!.recipient, OWNER);
      assert.match(mails[0]!.text, /Impressum/);
      assert.match(mails[0]!.text, /im Repository, nicht über die Verwaltung/);
      assert.match(mails[0]!.text, /Impressum und FAQ direkt geändert/);
      assert.equal(await test.app.contentSchedule.watchOutside(), 0, "told once");
    });

    it("lets an owner approve a proposal for a time; an editor cannot plan what needs approval", async () => {
      await draft("testimonials.json", (data: { text: string }[]) => {
        data[0]!.text = "Jeden Morgen eine Runde um den Block, auch im Winter.";
      });
      const refused = await post("/api/verwaltung/inhalte/planen", {
        file: "testimonials.json",
        message: "Bericht",
        am: berlinTimeIn(30),
      });
      assert.equal(refused.statusCode, 400);
      assert.match(refused.json().error, /legt dabei den Termin fest/);
      const proposed = await post("/api/verwaltung/inhalte/veroeffentlichen", { file: "testimonials.json", message: "Bericht" });
      assert.equal(proposed.statusCode, 202, proposed.body);
      const approved = await post(
        `/api/verwaltung/inhalte/vorschlaege/${proposed.json().proposal.id}/freigeben`,
        { am: berlinTimeIn(120) },
        OWNER,
      );
      assert.equal(approved.statusCode, 200, approved.body);
      assert.equal(approved.json().planned.state, "geplant");
      assert.doesNotMatch(git(remote, "show", "main:content/testimonials.json"), /auch im Winter/);
      assert.match((await lastMail("owner-proposal-decided"))!.text, /geht am .* live/);
      await timePasses(121);
      assert.equal(await test.app.contentSchedule.runDue(), 1);
      assert.match(git(remote, "show", "main:content/testimonials.json"), /auch im Winter/);
      assert.equal(git(remote, "log", "-1", "--format=%an", "main"), "Urkraft Redaktion");
    });
  });
}
