/**
 * Uploaded pictures in „Inhalte“ on a real git repository (a local bare repository is CONTENT_GIT_REMOTE):
 * an upload waits with its uploader's drafts, nothing reaches the repository; only the uploader chooses it,
 * sees it and has it checked; the change that uses it commits picture, record and file together (publish,
 * approved proposal, planned change); a discarded draft takes its unused pictures with it.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import sharp from "sharp";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { git, loginByLink, seedContentRemote, berlinTimeIn } from "../../test-support/content-remote";
import { purgeOldPictures } from "../../content-editor/pending-images";
import { OWNER_MESSAGES } from "./messages";

const OWNER = "inhaberin@urkraft-test.de";
const EDITOR = "anna.schmidt@urkraft-test.de";
const SECOND_EDITOR = "ben@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };
const CREDIT = {
  author: "Anna Schmidt",
  license: "Nutzungsrecht der Urkraft GmbH",
  proof: "Vertrag im Ordner Bildrechte",
  showsPerson: "nein",
};

for (const target of databaseTargets()) {
  describe(`uploaded pictures waiting with the draft on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let dir: string;
    let remote: string;
    let other: string;
    const cookies: Record<string, string> = {};

    const get = (url: string, who = EDITOR) =>
      test.app.inject({ method: "GET", url, headers: { accept: "application/json", cookie: cookies[who]! } });
    const del = (url: string, who = EDITOR) =>
      test.app.inject({ method: "DELETE", url, headers: { ...ORIGIN, accept: "application/json", cookie: cookies[who]! } });
    const post = (url: string, body: unknown, who = EDITOR) =>
      postJson(test.app, url, body, { ...ORIGIN, cookie: cookies[who]! });
    const mainTip = () => git(remote, "rev-parse", "main");
    const changedBy = (commit: string) => git(remote, "show", "--name-only", "--format=", commit).split("\n").sort();
    const credits = () => JSON.parse(git(remote, "show", "main:content/image-credits.json")).images as { image: string }[];
    const choice = async (who = EDITOR) => (await get("/api/verwaltung/inhalte/bilder", who)).json();
    const waiting = async () =>
      (await database.db.query<{ path: string }>("SELECT path FROM content_pending_images ORDER BY path")).rows.map(
        (row) => row.path,
      );

    async function upload(name: string, who = EDITOR): Promise<string> {
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#5b7a3a" } })
        .png()
        .toBuffer();
      const response = await post("/api/verwaltung/inhalte/bilder", { name, data: png.toString("base64"), credit: CREDIT }, who);
      assert.equal(response.statusCode, 201, response.body);
      return response.json().image;
    }
    async function openFile(file: string, who = EDITOR) {
      const response = await get(`/api/verwaltung/inhalte/datei?pfad=${encodeURIComponent(file)}`, who);
      assert.equal(response.statusCode, 200, response.body);
      return response.json();
    }
    /** Saves the person's draft of the recipes with the first recipe showing `image`; the data sent. */
    async function recipeDraft(image: string, who = EDITOR) {
      const { data, baseCommit } = await openFile("recipes.json", who);
      data[0].image = image;
      assert.equal(
        (await post("/api/verwaltung/inhalte/entwurf", { file: "recipes.json", data, baseCommit }, who)).statusCode,
        200,
      );
      return data;
    }

    before(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-bilder-test-"));
      ({ remote, other } = seedContentRemote(dir));
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

    it("keeps an upload out of the repository and shows it to its uploader only", async () => {
      const before = mainTip();
      const image = await upload("Wochenmarkt.png");
      assert.equal(image, "images/wochenmarkt.jpg");
      assert.equal(mainTip(), before, "nothing is committed at the upload");
      assert.equal(git(remote, "ls-tree", "main", "content/images/wochenmarkt.jpg"), "");
      const mine = await choice();
      assert.ok(mine.images.includes(image));
      assert.deepEqual(mine.pending, [image]);
      const theirs = await choice(SECOND_EDITOR);
      assert.equal(theirs.images.includes(image), false, "another editor does not see it");
      assert.deepEqual(theirs.pending, []);
      const shown = await get(`/api/verwaltung/inhalte/bild?pfad=${image}`);
      assert.equal(shown.statusCode, 200);
      assert.equal(shown.headers["content-type"], "image/jpeg");
      assert.equal((await sharp(shown.rawPayload).metadata()).format, "jpeg");
      assert.equal((await get(`/api/verwaltung/inhalte/bild?pfad=${image}`, SECOND_EDITOR)).statusCode, 404);
      // The same name again is a picture of its own.
      assert.equal(await upload("Wochenmarkt.png"), "images/wochenmarkt-2.jpg");
    });

    it("lets the content check know the uploader's waiting pictures, and nobody else's", async () => {
      const data = (await openFile("recipes.json")).data;
      data[0].image = "images/wochenmarkt.jpg";
      const mine = (await post("/api/verwaltung/inhalte/pruefen", { file: "recipes.json", data })).json();
      assert.deepEqual(mine, { problems: [], otherProblems: [], otherPlaces: [] });
      const theirs = (await post("/api/verwaltung/inhalte/pruefen", { file: "recipes.json", data }, SECOND_EDITOR)).json();
      assert.deepEqual(theirs.problems, [
        {
          path: [0, "image"],
          message: "Bilddatei „images/wochenmarkt.jpg“ gibt es nicht",
          field: "Eintrag 1 (Haferbrei mit Apfel und Walnüssen) › Bild",
        },
      ]);
    });

    it("publishes the picture, its record and the change that uses it in one commit", async () => {
      const before = mainTip();
      await recipeDraft("images/wochenmarkt.jpg");
      const published = await post("/api/verwaltung/inhalte/veroeffentlichen", { file: "recipes.json", message: "Neues Bild" });
      assert.equal(published.statusCode, 200, published.body);
      const commit = published.json().commit;
      assert.equal(git(remote, "rev-parse", `${commit}~1`), before, "one commit");
      assert.deepEqual(changedBy(commit), [
        "content/image-credits.json",
        "content/images/wochenmarkt.jpg",
        "content/recipes.json",
      ]);
      assert.deepEqual(credits().at(-1), {
        image: "images/wochenmarkt.jpg",
        kind: "Foto",
        author: "Anna Schmidt",
        license: "Nutzungsrecht der Urkraft GmbH",
        proof: "Vertrag im Ordner Bildrechte",
        showsPerson: "nein",
        consentDate: "",
      });
      assert.match(git(remote, "log", "-1", "--format=%B", commit), /Mit dem Bild images\/wochenmarkt\.jpg\./);
      // Published: everyone chooses it now; the other upload still waits.
      assert.deepEqual(await waiting(), ["images/wochenmarkt-2.jpg"]);
      assert.ok((await choice(SECOND_EDITOR)).images.includes("images/wochenmarkt.jpg"));
    });

    it("takes unused pictures away with a discarded draft, and keeps those another draft uses", async () => {
      const kept = await upload("Feld.png");
      await recipeDraft(kept);
      const unused = await upload("Wald.png");
      const { data, baseCommit } = await openFile("faq.json");
      assert.equal((await post("/api/verwaltung/inhalte/entwurf", { file: "faq.json", data, baseCommit })).statusCode, 200);
      assert.equal((await del("/api/verwaltung/inhalte/entwurf?pfad=faq.json")).statusCode, 200);
      const left = await waiting();
      assert.equal(left.includes(unused), false, "the unused picture went with the draft");
      assert.equal(left.includes("images/wochenmarkt-2.jpg"), false);
      assert.ok(left.includes(kept), "the recipes' draft still names it");
      assert.equal((await del("/api/verwaltung/inhalte/entwurf?pfad=recipes.json")).statusCode, 200);
      assert.deepEqual(await waiting(), []);
      assert.deepEqual((await choice()).pending, []);
    });

    it("purges waiting pictures after the drafts' period unless something still names them", async () => {
      const old = await upload("Alt.png");
      const named = await upload("Benannt.png");
      await recipeDraft(named);
      await database.db.query("UPDATE content_pending_images SET created_at = now() - interval '91 days'");
      assert.equal(await purgeOldPictures(database.db), 1);
      assert.deepEqual(await waiting(), [named]);
      assert.equal((await waiting()).includes(old), false);
      assert.equal((await del("/api/verwaltung/inhalte/entwurf?pfad=recipes.json")).statusCode, 200);
    });

    it("carries a picture in a proposal to its approval, and commits it with the change", async () => {
      const before = mainTip();
      const image = await upload("Unser Team.png");
      // Of the files an owner approves, the pictures' records name pictures: the editor words the record anew.
      const { data, baseCommit } = await openFile("image-credits.json");
      data.images.push({ ...CREDIT, image, kind: "Foto", author: "Anna Schmidt, Fotostudio am Markt", consentDate: "" });
      assert.equal(
        (await post("/api/verwaltung/inhalte/entwurf", { file: "image-credits.json", data, baseCommit })).statusCode,
        200,
      );
      const proposed = await post("/api/verwaltung/inhalte/veroeffentlichen", {
        file: "image-credits.json",
        message: "Teamfoto",
      });
      assert.equal(proposed.statusCode, 202, proposed.body);
      assert.equal(mainTip(), before, "a proposal commits nothing");
      assert.deepEqual(await waiting(), [image], "the proposal keeps its picture waiting");
      // Discarding another draft does not take the proposal's picture.
      const faq = await openFile("faq.json");
      await post("/api/verwaltung/inhalte/entwurf", { file: "faq.json", data: faq.data, baseCommit: faq.baseCommit });
      await del("/api/verwaltung/inhalte/entwurf?pfad=faq.json");
      assert.deepEqual(await waiting(), [image]);
      const id = proposed.json().proposal.id;
      // The owner sees the waiting picture beside the change, through the proposal that names it; nobody else does.
      const [listed] = (await get("/api/verwaltung/inhalte/vorschlaege", OWNER)).json().proposals;
      assert.deepEqual(listed.changes.map((change: { pictures?: unknown }) => change.pictures).filter(Boolean), [
        { after: image },
      ]);
      const look = (who: string, query: string) =>
        get(`/api/verwaltung/inhalte/bild?pfad=${encodeURIComponent(image)}${query}`, who);
      const seen = await look(OWNER, `&vorschlag=${id}`);
      assert.equal(seen.statusCode, 200, seen.body);
      assert.equal(seen.headers["content-type"], "image/jpeg");
      assert.equal((await look(OWNER, "")).statusCode, 404, "not without the proposal");
      assert.equal((await look(OWNER, `&vorschlag=${Number(id) + 1}`)).statusCode, 404, "not through another proposal");
      assert.equal((await look(SECOND_EDITOR, `&vorschlag=${id}`)).statusCode, 404, "not for another editor");
      const malformed = await look(OWNER, "&vorschlag=eins");
      assert.equal(malformed.statusCode, 400);
      assert.equal(malformed.json().error, OWNER_MESSAGES.badId);
      const approved = await post(`/api/verwaltung/inhalte/vorschlaege/${id}/freigeben`, {}, OWNER);
      assert.equal(approved.statusCode, 200, approved.body);
      const commit = approved.json().commit;
      assert.equal(git(remote, "rev-parse", `${commit}~1`), before, "one commit");
      assert.deepEqual(changedBy(commit), ["content/image-credits.json", `content/${image}`]);
      const records = credits().filter((record) => record.image === image);
      assert.deepEqual(
        records.map((record) => (record as { author?: string }).author),
        ["Anna Schmidt, Fotostudio am Markt"],
        "the proposal's record, once",
      );
      assert.deepEqual(await waiting(), []);
    });

    it("keeps a failed plan's picture waiting, with the plan back as its planner's draft", async () => {
      const image = await upload("Frühstück.png");
      await recipeDraft(image);
      const planned = await post("/api/verwaltung/inhalte/planen", {
        file: "recipes.json",
        message: "Frühstücksbild",
        am: berlinTimeIn(60),
      });
      assert.equal(planned.statusCode, 201, planned.body);
      assert.equal((await openFile("recipes.json")).draft, undefined, "planning takes the draft");
      // Meanwhile the same field changes in the repository, so the plan fails at its time.
      git(other, "pull", "--quiet", "origin", "main");
      const recipes = JSON.parse(git(other, "show", "HEAD:content/recipes.json"));
      recipes[0].image = recipes[1].image;
      writeFileSync(path.join(other, "content/recipes.json"), `${JSON.stringify(recipes, null, 2)}\n`);
      git(other, "commit", "--quiet", "-am", "Anderes Bild von außen");
      git(other, "push", "--quiet", "origin", "main");
      const before = mainTip();
      await database.db.query("UPDATE content_schedule SET due_at = now() - interval '1 minute' WHERE state = 'geplant'");
      assert.equal(await test.app.contentSchedule.runDue(), 1);
      assert.equal(mainTip(), before, "nothing published");
      const { draft, planned: plans } = await openFile("recipes.json");
      assert.equal(plans[0].state, "fehlgeschlagen");
      assert.match(plans[0].outcome, /liegt wieder als dein Entwurf bereit/);
      assert.equal(draft.data[0].image, image, "the planned change is the planner's draft again");
      assert.deepEqual(await waiting(), [image], "its picture still waits");
      assert.ok((await choice()).pending.includes(image), "and is in the uploader's picture choice");
      // Neither the purge nor discarding another draft takes it while the draft names it.
      await database.db.query("UPDATE content_pending_images SET created_at = now() - interval '91 days'");
      assert.equal(await purgeOldPictures(database.db), 0);
      const faq = await openFile("faq.json");
      await post("/api/verwaltung/inhalte/entwurf", { file: "faq.json", data: faq.data, baseCommit: faq.baseCommit });
      await del("/api/verwaltung/inhalte/entwurf?pfad=faq.json");
      assert.deepEqual(await waiting(), [image]);
      assert.equal((await del("/api/verwaltung/inhalte/entwurf?pfad=recipes.json")).statusCode, 200);
      assert.deepEqual(await waiting(), [], "discarded, the draft takes its picture with it");
    });

    it("commits a waiting picture with a planned change when it goes live", async () => {
      const image = await upload("Abendessen.png");
      await recipeDraft(image);
      const planned = await post("/api/verwaltung/inhalte/planen", {
        file: "recipes.json",
        message: "Abendbild",
        am: berlinTimeIn(60),
      });
      assert.equal(planned.statusCode, 201, planned.body);
      assert.deepEqual(await waiting(), [image], "the plan keeps it");
      await database.db.query("UPDATE content_schedule SET due_at = now() - interval '1 minute' WHERE state = 'geplant'");
      assert.equal(await test.app.contentSchedule.runDue(), 1);
      const commit = mainTip();
      assert.deepEqual(changedBy(commit), ["content/image-credits.json", `content/${image}`, "content/recipes.json"]);
      assert.deepEqual(await waiting(), []);
    });
  });
}
