/**
 * „Inhalte“ through the owner API on a real git repository: a local bare repository is the remote
 * (CONTENT_GIT_REMOTE), the server works in its own clone, and every assertion about commits asks git.
 * Editors check, keep drafts, publish in their name, meet a conflict instead of overwriting, restore an
 * earlier version, upload pictures; nothing outside content/ is reachable.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import sharp from "sharp";
import { EDITABLE_FILES } from "../../../common/content/editable-files";
import { allContentProblems } from "../../../common/content/content-check";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { git, loginByLink, seedContentRemote } from "../../test-support/content-remote";

const OWNER = "inhaber@urkraft-test.de";
const EDITOR = "anna.schmidt@urkraft-test.de";
const SECOND_EDITOR = "ben@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };
const PROJECT = path.resolve(__dirname, "../../..");
/** Where an uploaded test picture comes from: every upload must say it. */
const CREDIT = {
  author: "Anna Schmidt",
  license: "Nutzungsrecht der Urkraft GmbH",
  proof: "Vertrag im Ordner Bildrechte",
  showsPerson: "nein",
};

for (const target of databaseTargets()) {
  describe(`content editing on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let dir: string;
    let remote: string;
    /** Someone else's clone, committing beside the owner area. */
    let other: string;
    let seedCommit: string;
    const cookies: Record<string, string> = {};

    const get = (url: string, who = EDITOR) =>
      test.app.inject({ method: "GET", url, headers: { accept: "application/json", cookie: cookies[who]! } });
    const post = (url: string, body: unknown, who = EDITOR) =>
      postJson(test.app, url, body, { ...ORIGIN, cookie: cookies[who]! });
    const remoteFile = (file: string) => git(remote, "show", `main:content/${file}`);

    async function openFile(file: string, who = EDITOR) {
      const response = await get(`/api/verwaltung/inhalte/datei?pfad=${encodeURIComponent(file)}`, who);
      assert.equal(response.statusCode, 200, response.body);
      return response.json();
    }

    before(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-inhalte-test-"));
      ({ remote, other, seedCommit } = seedContentRemote(dir));
      database = await target.create();
      test = await buildTestApp(database, {
        OWNER_EMAILS: OWNER,
        EDITOR_EMAILS: `${EDITOR},${SECOND_EDITOR}`,
        MAIL_WORKER: "false",
        OWNER_LOGIN_LIMIT: "1000",
        CONTENT_GIT_REMOTE: remote,
        DATA_DIR: path.join(dir, "data"),
      });
      for (const who of [OWNER, EDITOR, SECOND_EDITOR]) cookies[who] = await loginByLink(test, database, who);
    });
    after(async () => {
      await test?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("gives every content file as a form: its schema with German titles and its data", async () => {
      const list = (await get("/api/verwaltung/inhalte")).json();
      const forEditors = EDITABLE_FILES.filter((entry) => entry.access === "editors");
      assert.equal(list.files.length, forEditors.length);
      assert.equal((await get("/api/verwaltung/inhalte", OWNER)).json().files.length, EDITABLE_FILES.length);
      assert.deepEqual(list.publishing, { to: "remote", branch: "main" });
      for (const { file, access } of EDITABLE_FILES) {
        const answer = await openFile(file, access === "owners" ? OWNER : EDITOR);
        assert.equal(answer.schema.type === "object" || answer.schema.type === "array", true, file);
        assert.ok(answer.data !== undefined, file);
        assert.equal(answer.baseCommit, seedCommit, file);
        assert.equal(JSON.stringify(answer.schema).includes('"$schema"'), false, `${file}: no $schema field in the form`);
      }
      const testimonials = await openFile("testimonials.json");
      assert.equal(testimonials.schema.items.properties.text.title.length > 0, true);
      assert.deepEqual(testimonials.pages, ["/", "/bewegung-alltag", "/ernaehrung-traditionell"]);
    });

    it("gives the preview of a legal text the settings it names, and an editor no owners' setting it does not name", async () => {
      const forEditor = (await openFile("legal/datenschutz.md")).previewValues;
      assert.equal(forEditor.legal.company, "Urkraft GmbH");
      assert.equal(typeof forEditor.deployment.hostingProvider, "string", "named by the published text");
      assert.equal(forEditor.mailFrom, undefined, "an owners' setting the text does not name");
      assert.equal(forEditor.deployment.checkedOn, undefined);
      assert.equal((await openFile("legal/datenschutz.md", OWNER)).previewValues.mailFrom.address, "kontakt@urkraft.de");
      assert.equal((await openFile("faq.json")).previewValues, undefined);
    });

    it("runs the build's content check on the edited file and names the field", async () => {
      const { data } = await openFile("testimonials.json");
      const unchanged = (await post("/api/verwaltung/inhalte/pruefen", { file: "testimonials.json", data })).json();
      assert.deepEqual(unchanged, { problems: [], otherProblems: [], otherPlaces: [] });
      data[1].text = 'Seit drei Wochen "wach" wie lange nicht.';
      data[2].rating = 9;
      const answer = (await post("/api/verwaltung/inhalte/pruefen", { file: "testimonials.json", data })).json();
      const at = (where: (string | number)[]) =>
        answer.problems.filter((p: { path: unknown }) => JSON.stringify(p.path) === JSON.stringify(where));
      assert.match(at([1, "text"])[0]?.message ?? "", /Anführungszeichen/);
      assert.equal(at([2, "rating"]).length, 1, JSON.stringify(answer));
    });

    it("offers an experiment's page and text by their names, and names the field of a refused variant", async () => {
      const { schema } = await openFile("experiments.json");
      const fields = schema.properties.experiments.items.properties;
      assert.equal(fields.page["x-labels"]["/"], "Startseite");
      assert.equal(fields.field["x-kind"], "page-field");
      assert.deepEqual(
        fields.field["x-choices"]["/"].find((choice: { value: string }) => choice.value === "hero.title"),
        { value: "hero.title", label: "Kopfbereich › Titel: „Natürliche Energie für Männer, die mitten im Leben stehen“" },
      );
      assert.equal(
        fields.field["x-choices"]["/"].some((choice: { value: string }) => choice.value.startsWith("seo.")),
        false,
      );
      const experiment = {
        id: "startseite-titel",
        page: "/",
        field: "hero.title",
        variants: ["Mehr Kraft im Alltag – mit ein paar Minuten am Tag", "Der Drink gegen das Nachmittagstief"],
        share: 50,
        start: "2026-12-07",
        end: "2027-01-10",
        status: "läuft",
      };
      const answer = (
        await post("/api/verwaltung/inhalte/pruefen", { file: "experiments.json", data: { experiments: [experiment] } })
      ).json();
      assert.deepEqual(answer.problems, [
        {
          path: ["experiments", 0, "variants", 1],
          field: "Experimente › Eintrag 1 (startseite-titel) › Andere Texte (B, C) › Variante C",
          message:
            "verbindet den Drink mit „gegen das Nachmittagstief“ – eine gesundheitsbezogene Angabe (HCVO); beschreib ihn als Rezept",
        },
      ]);
    });

    it("keeps drafts per person on the server, and shows each the others' drafts", async () => {
      const { data, baseCommit } = await openFile("faq.json");
      data[0].answer = `${data[0].answer} Neu.`;
      const saved = await post("/api/verwaltung/inhalte/entwurf", { file: "faq.json", data, baseCommit });
      assert.equal(saved.statusCode, 200, saved.body);
      const again = await openFile("faq.json");
      assert.equal(again.draft.data[0].answer, data[0].answer, "the draft survives a reload");
      const second = await openFile("faq.json", SECOND_EDITOR);
      assert.equal(second.draft, undefined);
      assert.deepEqual(
        second.otherDrafts.map((draft: { editor: string }) => draft.editor),
        [EDITOR],
      );
      const removed = await test.app.inject({
        method: "DELETE",
        url: "/api/verwaltung/inhalte/entwurf?pfad=faq.json",
        headers: { ...ORIGIN, cookie: cookies[EDITOR]! },
      });
      assert.equal(removed.statusCode, 200);
      assert.equal((await openFile("faq.json")).draft, undefined);
    });

    it("publishes a draft as a commit in the editors' role, pushed to the remote, and logs who it was", async () => {
      const { data, baseCommit } = await openFile("principles.json");
      data[0].description = "Koch mit Zutaten, die deine Großeltern kannten: Gemüse, Getreide, Fleisch und Fisch vom Markt.";
      await post("/api/verwaltung/inhalte/entwurf", { file: "principles.json", data, baseCommit });
      assert.equal(
        (await post("/api/verwaltung/inhalte/veroeffentlichen", { file: "principles.json", message: " " })).statusCode,
        400,
      );
      const published = await post("/api/verwaltung/inhalte/veroeffentlichen", {
        file: "principles.json",
        message: "Grundsatz 1 klarer beschrieben",
      });
      assert.equal(published.statusCode, 200, published.body);
      const { commit } = published.json();
      assert.equal(git(remote, "rev-parse", "main"), commit, "pushed to main");
      // A role, never the person: the history is kept as long as the site; the person is in the audit log.
      assert.equal(
        git(remote, "log", "-1", "--format=%an <%ae>|%cn <%ce>", "main"),
        "Urkraft Redaktion <kontakt@urkraft.de>|Urkraft Redaktion <kontakt@urkraft.de>",
      );
      assert.doesNotMatch(git(remote, "log", "--format=%an %ae %cn %ce %B", "main"), /anna|schmidt/i);
      assert.equal(git(remote, "log", "-1", "--format=%s", "main"), "Grundsatz 1 klarer beschrieben");
      assert.equal(
        git(remote, "show", "--numstat", "--format=", "main"),
        "1\t1\tcontent/principles.json",
        "only the changed line",
      );
      assert.equal(JSON.parse(remoteFile("principles.json"))[0].description, data[0].description);
      assert.equal((await openFile("principles.json")).draft, undefined, "the draft is gone");
      const { rows } = await database.db.query<{ object: string }>(
        "SELECT object FROM audit_log WHERE owner_email = $1 AND action = 'content-published'",
        [EDITOR],
      );
      assert.deepEqual(rows, [{ object: `principles.json @ ${commit.slice(0, 7)}` }]);
    });

    it("merges a change to other fields someone committed meanwhile, and shows the same field changed by both side by side", async () => {
      /** Karl's commit from another clone, changing `faq.json` as `edit` says. */
      const karl = (edit: (faq: { question: string; answer: string }[]) => void, message: string) => {
        git(other, "pull", "--quiet");
        const theirs = JSON.parse(readFileSync(path.join(other, "content/faq.json"), "utf8"));
        edit(theirs);
        writeFileSync(path.join(other, "content/faq.json"), `${JSON.stringify(theirs, null, 2)}\n`);
        execFileSync("git", ["commit", "--quiet", "-am", message], {
          cwd: other,
          env: {
            ...process.env,
            GIT_AUTHOR_NAME: "Karl",
            GIT_AUTHOR_EMAIL: "karl@urkraft-test.de",
            GIT_COMMITTER_NAME: "Karl",
            GIT_COMMITTER_EMAIL: "karl@urkraft-test.de",
          },
        });
        git(other, "push", "--quiet");
      };
      // Different fields: both changes go live together, nothing of Karl's is lost.
      const first = await openFile("faq.json");
      first.data[1].question = "Was ist meine Frage?";
      await post("/api/verwaltung/inhalte/entwurf", { file: "faq.json", data: first.data, baseCommit: first.baseCommit });
      karl((faq) => (faq[1]!.answer = "Eine Antwort von Karl."), "Antwort von Karl");
      const merged = await post("/api/verwaltung/inhalte/veroeffentlichen", { file: "faq.json", message: "Frage geändert" });
      assert.equal(merged.statusCode, 200, merged.body);
      assert.equal(merged.json().merged, true);
      assert.equal(JSON.parse(remoteFile("faq.json"))[1].question, "Was ist meine Frage?");
      assert.equal(JSON.parse(remoteFile("faq.json"))[1].answer, "Eine Antwort von Karl.");

      // The same field: nothing is published, and the three values are named as the form names the field.
      const second = await openFile("faq.json");
      const base = second.data[2].answer;
      second.data[2].answer = "Meine neue Antwort.";
      second.data[0].answer = "Meine Antwort auf die erste Frage.";
      await post("/api/verwaltung/inhalte/entwurf", { file: "faq.json", data: second.data, baseCommit: second.baseCommit });
      karl((faq) => {
        faq[2]!.answer = "Karls neue Antwort.";
        faq[3]!.answer = "Karls Antwort auf die vierte Frage.";
      }, "Antwort 3 von Karl");
      const before = git(remote, "rev-parse", "main");
      const refused = await post("/api/verwaltung/inhalte/veroeffentlichen", { file: "faq.json", message: "Antwort 3" });
      assert.equal(refused.statusCode, 409, refused.body);
      const { conflict } = refused.json();
      assert.equal(conflict.change.author, "Karl");
      assert.equal(conflict.change.message, "Antwort 3 von Karl");
      assert.equal(conflict.fields.length, 1);
      assert.deepEqual(conflict.fields[0].path, ["2", "answer"]);
      assert.match(conflict.fields[0].field, /^Eintrag 3 \(.+\) › Antwort$/);
      assert.deepEqual(
        [conflict.fields[0].base, conflict.fields[0].mine, conflict.fields[0].theirs],
        [base, "Meine neue Antwort.", "Karls neue Antwort."],
      );
      assert.equal(conflict.merged[2].answer, "Karls neue Antwort.", "the rest merged, the field as it is now");
      // What merged by itself is named, Karl's and the editor's: the fourth answer and the first.
      assert.deepEqual(conflict.together.theirs.length, 1);
      assert.match(conflict.together.theirs[0], /^Eintrag 4 \(.+\) › Antwort$/);
      assert.equal(conflict.merged[3].answer, "Karls Antwort auf die vierte Frage.");
      assert.deepEqual(conflict.together.mine.length, 1);
      assert.match(conflict.together.mine[0], /^Eintrag 1 \(.+\) › Antwort$/);
      assert.equal(conflict.merged[0].answer, "Meine Antwort auf die erste Frage.");
      assert.equal(git(remote, "rev-parse", "main"), before, "nothing was pushed");
      assert.equal(JSON.parse(remoteFile("faq.json"))[2].answer, "Karls neue Antwort.");
      assert.ok((await openFile("faq.json")).draft, "the editor's draft is still there");
    });

    it("lists a file's history and restores an earlier version as a new commit", async () => {
      const history = (await get("/api/verwaltung/inhalte/verlauf?pfad=principles.json")).json().history;
      assert.deepEqual(
        history.map((item: { message: string }) => item.message),
        ["Grundsatz 1 klarer beschrieben", "Inhalte"],
      );
      const seeded = readFileSync(path.join(PROJECT, "content/principles.json"), "utf8");
      const restored = await post("/api/verwaltung/inhalte/zuruecksetzen", { file: "principles.json", commit: seedCommit });
      assert.equal(restored.statusCode, 200, restored.body);
      assert.equal(remoteFile("principles.json"), seeded.trimEnd());
      assert.match(git(remote, "log", "-1", "--format=%s", "main"), /^Zurückgesetzt auf die Fassung vom .*: Inhalte$/);
      assert.equal(git(remote, "log", "-1", "--format=%an <%ae>", "main"), "Urkraft Redaktion <kontakt@urkraft.de>");
      assert.equal(git(remote, "rev-list", "--count", "main"), "6", "a new commit, history kept");
      const unknown = await post("/api/verwaltung/inhalte/zuruecksetzen", { file: "principles.json", commit: "f".repeat(40) });
      assert.equal(unknown.statusCode, 404);
    });

    it("names versions made outside „Inhalte“ and shows what restoring an earlier version would change", async () => {
      const history = (await get("/api/verwaltung/inhalte/verlauf?pfad=faq.json")).json().history;
      const byMessage = new Map(history.map((item: { message: string; madeHere: boolean }) => [item.message, item.madeHere]));
      assert.equal(byMessage.get("Antwort von Karl"), false, "Karl committed in the repository");
      assert.equal(byMessage.get("Frage geändert"), true, "published in „Inhalte“");
      const seeded = history.at(-1).commit;
      const version = await get(`/api/verwaltung/inhalte/fassung?pfad=faq.json&fassung=${seeded}`);
      assert.equal(version.statusCode, 200, version.body);
      const fields = version.json().changes.map((change: { field: string }) => change.field);
      assert.ok(
        fields.some((field: string) => /^Eintrag 2 \(.+\) › Frage$/.test(field)),
        JSON.stringify(fields),
      );
      assert.equal(
        version.json().data[1].question,
        JSON.parse(readFileSync(path.join(PROJECT, "content/faq.json"), "utf8"))[1].question,
      );
      const unknown = await get(`/api/verwaltung/inhalte/fassung?pfad=faq.json&fassung=${"f".repeat(40)}`);
      assert.equal(unknown.statusCode, 404);
      const settings = (await get("/api/verwaltung/inhalte/verlauf?pfad=site.json")).json().history.at(-1).commit;
      const site = (await get(`/api/verwaltung/inhalte/fassung?pfad=site.json&fassung=${settings}`)).json();
      assert.equal("email" in site.data, false, "an editor sees no owners' field of an old version either");
    });

    it("publishes to another branch, which the first push creates, and leaves main alone", async () => {
      const branchApp = await buildTestApp(database, {
        OWNER_EMAILS: OWNER,
        EDITOR_EMAILS: `${EDITOR},${SECOND_EDITOR}`,
        MAIL_WORKER: "false",
        CONTENT_GIT_REMOTE: remote,
        CONTENT_GIT_BRANCH: "inhalte/neu",
        DATA_DIR: path.join(dir, "data-branch"),
      });
      try {
        const headers = { accept: "application/json", cookie: cookies[EDITOR]! };
        const opened = (
          await branchApp.app.inject({ method: "GET", url: "/api/verwaltung/inhalte/datei?pfad=principles.json", headers })
        ).json();
        opened.data[0].title = `${opened.data[0].title} (neu)`;
        const send = (url: string, body: unknown) => postJson(branchApp.app, url, body, { ...ORIGIN, cookie: cookies[EDITOR]! });
        await send("/api/verwaltung/inhalte/entwurf", {
          file: "principles.json",
          data: opened.data,
          baseCommit: opened.baseCommit,
        });
        const mainBefore = git(remote, "rev-parse", "main");
        const published = await send("/api/verwaltung/inhalte/veroeffentlichen", {
          file: "principles.json",
          message: "Grundsatz umbenannt",
        });
        assert.equal(published.statusCode, 200, published.body);
        assert.deepEqual(published.json().publishing, { to: "remote", branch: "inhalte/neu" });
        assert.equal(git(remote, "rev-parse", "inhalte/neu"), published.json().commit);
        assert.equal(git(remote, "rev-parse", "inhalte/neu~1"), mainBefore, "the branch starts from main");
        assert.equal(git(remote, "rev-parse", "main"), mainBefore, "main is untouched");
      } finally {
        await branchApp.close();
      }
    });

    it("reaches nothing outside the editable content files, and no file behind a symbolic link", async () => {
      for (const pfad of [
        "../package.json",
        "/etc/passwd",
        "schemas/faq.schema.json",
        "images/hero-start.jpg",
        "faq.json/../../x",
      ]) {
        const response = await get(`/api/verwaltung/inhalte/datei?pfad=${encodeURIComponent(pfad)}`);
        assert.equal(response.statusCode, 404, pfad);
      }
      const refused = await post("/api/verwaltung/inhalte/entwurf", { file: "../server/index.ts", data: {}, baseCommit: "" });
      assert.equal(refused.statusCode, 404);
      // Each route's schema (common/owner/schemas.ts): a query given twice or with more than its key, a body
      // without its form data or with a field the route does not know, a malformed commit: 400 in German.
      for (const [response, message] of [
        [
          await get("/api/verwaltung/inhalte/datei?pfad=faq.json&pfad=site.json"),
          /^Diese Datei gibt es unter „Inhalte“ nicht\.$/,
        ],
        [await get("/api/verwaltung/inhalte/verlauf?pfad=faq.json&mehr=1"), /^Diese Datei gibt es unter „Inhalte“ nicht\.$/],
        [
          await post("/api/verwaltung/inhalte/entwurf", { file: "faq.json", baseCommit: "" }),
          /^Die Angaben des Formulars fehlen/,
        ],
        [
          await post("/api/verwaltung/inhalte/pruefen", { file: "faq.json", data: {}, extra: 1 }),
          /^Die Angaben des Formulars fehlen/,
        ],
        [await post("/api/verwaltung/inhalte/veroeffentlichen", { file: "faq.json", message: 7 }), /^Bitte beschreibe kurz/],
        [await post("/api/verwaltung/inhalte/zuruecksetzen", { file: "faq.json", commit: "HEAD~1" }), /^Diese Fassung gibt es/],
        [await post("/api/verwaltung/inhalte/bilder", { name: "bild.jpg", data: "<svg>" }), /^Bitte wähle ein Bild aus/],
      ] as const) {
        assert.equal(response.statusCode, 400, response.body);
        assert.match((response.json() as { error: string }).error, message);
      }
      git(other, "pull", "--quiet");
      rmSync(path.join(other, "content/notices.json"));
      symlinkSync("../../remote.git/config", path.join(other, "content/notices.json"));
      git(other, "add", "content/notices.json");
      execFileSync("git", ["commit", "--quiet", "-m", "Verweis"], {
        cwd: other,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "X",
          GIT_AUTHOR_EMAIL: "x@x.de",
          GIT_COMMITTER_NAME: "X",
          GIT_COMMITTER_EMAIL: "x@x.de",
        },
      });
      git(other, "push", "--quiet");
      const behindLink = await get("/api/verwaltung/inhalte/datei?pfad=notices.json");
      assert.equal(behindLink.statusCode, 400, behindLink.body);
      assert.doesNotMatch(behindLink.body, /bare|repositoryformatversion/);
    });

    it("refuses a picture without its origin, naming each missing fact, and stores nothing", async () => {
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#7a5b3a" } })
        .png()
        .toBuffer();
      const mainBefore = git(remote, "rev-parse", "main");
      const upload = (credit?: Record<string, string>) =>
        post("/api/verwaltung/inhalte/bilder", {
          name: "Markt.png",
          data: png.toString("base64"),
          ...(credit ? { credit } : {}),
        });
      const none = await upload();
      assert.equal(none.statusCode, 400, none.body);
      assert.deepEqual(Object.keys(none.json().errors).sort(), ["author", "license", "proof", "showsPerson"]);
      assert.match(
        none.json().errors.author,
        /^Bitte gib an, wer das Bild gemacht hat oder woher es stammt \(Urheber oder Quelle\)/,
      );
      assert.match(none.json().errors.license, /unter welcher Lizenz oder mit welchem Nutzungsrecht/);
      assert.match(none.json().errors.proof, /wo der Nachweis der Lizenz liegt/);
      assert.match(none.json().errors.showsPerson, /ob auf dem Bild eine Person zu erkennen ist/);
      assert.match(none.json().error, /^Das Bild ist nicht gespeichert: Es fehlen noch Angaben dazu, woher es stammt\./);
      const complete = {
        author: "Max Muster / Unsplash",
        license: "Unsplash-Lizenz",
        proof: "Download-Beleg im Ordner Bildrechte",
      };
      const person = await upload({ ...complete, author: "  ", showsPerson: "ja", consentDate: "" });
      assert.equal(person.statusCode, 400, person.body);
      assert.deepEqual(Object.keys(person.json().errors).sort(), ["author", "consentDate"]);
      assert.match(person.json().errors.consentDate, /an welchem Tag sie eingewilligt hat/);
      const future = await upload({ ...complete, showsPerson: "ja", consentDate: "2999-01-01" });
      assert.equal(future.statusCode, 400, future.body);
      assert.match(future.json().errors.consentDate, /liegt in der Zukunft/);
      assert.equal(git(remote, "rev-parse", "main"), mainBefore, "nothing was committed");
      git(other, "pull", "--quiet");
      assert.equal(git(other, "ls-files", "content/images/markt.jpg"), "", "no picture in the repository");
      assert.equal((await get("/api/verwaltung/inhalte/bilder")).json().images.includes("images/markt.jpg"), false);
    });

    it("stores a picture's origin with it and commits both with the change that uses it, and the content check accepts it", async () => {
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a5b7a" } })
        .png()
        .toBuffer();
      const uploaded = await post("/api/verwaltung/inhalte/bilder", {
        name: "Wochenmarkt.png",
        data: png.toString("base64"),
        credit: {
          author: "Eva Beispiel / Pexels",
          license: "Pexels-Lizenz",
          proof: "https://www.pexels.com/de-de/lizenz/, Download am 1.12.2026",
          showsPerson: "ja",
          consentDate: "2026-11-30",
        },
      });
      assert.equal(uploaded.statusCode, 201, uploaded.body);
      assert.equal(uploaded.json().image, "images/wochenmarkt.jpg");
      // The test before left notices.json a link, which the check of every change refuses: put the file back.
      git(other, "pull", "--quiet");
      rmSync(path.join(other, "content/notices.json"));
      git(other, "checkout", seedCommit, "--", "content/notices.json");
      execFileSync("git", ["commit", "--quiet", "-m", "Hinweise zurück"], {
        cwd: other,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "X",
          GIT_AUTHOR_EMAIL: "x@x.de",
          GIT_COMMITTER_NAME: "X",
          GIT_COMMITTER_EMAIL: "x@x.de",
        },
      });
      git(other, "push", "--quiet");
      const { data, baseCommit } = await openFile("recipes.json");
      data[1].image = "images/wochenmarkt.jpg";
      assert.equal((await post("/api/verwaltung/inhalte/entwurf", { file: "recipes.json", data, baseCommit })).statusCode, 200);
      const published = await post("/api/verwaltung/inhalte/veroeffentlichen", { file: "recipes.json", message: "Marktbild" });
      assert.equal(published.statusCode, 200, published.body);
      const changed = git(remote, "show", "--name-only", "--format=", "main").split("\n").sort();
      assert.deepEqual(changed, ["content/image-credits.json", "content/images/wochenmarkt.jpg", "content/recipes.json"]);
      const records = JSON.parse(remoteFile("image-credits.json")).images;
      assert.deepEqual(records.at(-1), {
        image: "images/wochenmarkt.jpg",
        kind: "Foto",
        author: "Eva Beispiel / Pexels",
        license: "Pexels-Lizenz",
        proof: "https://www.pexels.com/de-de/lizenz/, Download am 1.12.2026",
        showsPerson: "ja",
        consentDate: "2026-11-30",
      });
      assert.equal(
        records.filter((record: { kind: string }) => record.kind === "eigene Illustration").length,
        records.length - 1,
      );
      // The content check, as every later change and the build run it, finds each picture with its record.
      git(other, "pull", "--quiet");
      const about = allContentProblems(path.join(other, "content")).filter((line) => /image-credits|images\//.test(line));
      assert.deepEqual(about, []);
    });

    it("checks and re-encodes uploaded pictures and keeps them for their uploader", async () => {
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#4a6b3a" } })
        .png()
        .toBuffer();
      const uploaded = await post("/api/verwaltung/inhalte/bilder", {
        name: "Frühstück am Tisch.png",
        data: png.toString("base64"),
        credit: CREDIT,
      });
      assert.equal(uploaded.statusCode, 201, uploaded.body);
      assert.equal(uploaded.json().image, "images/fruehstueck-am-tisch.jpg");
      const stored = await get("/api/verwaltung/inhalte/bild?pfad=images/fruehstueck-am-tisch.jpg");
      assert.equal((await sharp(stored.rawPayload).metadata()).format, "jpeg");
      const small = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#000" } })
        .png()
        .toBuffer();
      const tooSmall = await post("/api/verwaltung/inhalte/bilder", {
        name: "klein.png",
        data: small.toString("base64"),
        credit: CREDIT,
      });
      assert.equal(tooSmall.statusCode, 400);
      assert.match(tooSmall.json().error, /zu klein/);
      const text = await post("/api/verwaltung/inhalte/bilder", {
        name: "bild.jpg",
        data: Buffer.from("kein Bild").toString("base64"),
        credit: CREDIT,
      });
      assert.equal(text.statusCode, 400);
      assert.match(text.json().error, /kein Bild/);
      const images = (await get("/api/verwaltung/inhalte/bilder")).json().images;
      assert.ok(images.includes("images/fruehstueck-am-tisch.jpg"));
    });

    it("publishes a new phone number with the new version of every legal text that names it, in one commit", async () => {
      const { data, baseCommit } = await openFile("site.json", OWNER);
      data.phone = "+49 89 4520 7799";
      const checked = (await post("/api/verwaltung/inhalte/pruefen", { file: "site.json", data }, OWNER)).json();
      assert.deepEqual(checked.problems, [], JSON.stringify(checked));
      assert.deepEqual(checked.otherProblems, [], JSON.stringify(checked));
      await post("/api/verwaltung/inhalte/entwurf", { file: "site.json", data, baseCommit }, OWNER);
      const published = await post(
        "/api/verwaltung/inhalte/veroeffentlichen",
        { file: "site.json", message: "Neue Telefonnummer" },
        OWNER,
      );
      assert.equal(published.statusCode, 200, published.body);
      const commit = published.json().commit as string;
      const naming = EDITABLE_FILES.filter(
        (entry) =>
          entry.kind === "legal" && readFileSync(path.join(PROJECT, "content", entry.file), "utf8").includes("{{phone}}"),
      ).map((entry) => `content/${entry.file}`);
      assert.ok(naming.length > 0);
      const changed = git(remote, "show", "--name-only", "--format=", commit).trim().split("\n").sort();
      const fingerprinted = naming.filter((file) => /(datenschutz|personenbezogene-daten|agb)\.md$/.test(file));
      assert.deepEqual(changed, ["content/site.json", ...fingerprinted].sort());
      assert.match(git(remote, "log", "-1", "--format=%B", commit), /Neue Fassung von „.+“ mit heutigem Stand/);
      for (const file of fingerprinted)
        assert.match(remoteFile(file.replace(/^content\//, "")), /^revised: "\d{4}-\d{2}-\d{2}"$/m);
    });
  });
}
