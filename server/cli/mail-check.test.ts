/**
 * `leads mail-check`: one mail of every kind through the real transport (the `.eml` outbox here), each
 * read back and checked for images and links that are not the site's own. A relay that counts opens and
 * clicks (a pixel, rewritten links), imitated by a transport that rewrites before writing the file, is
 * reported per mail, and so is a saved mail whose HTML the relay re-encoded as base64.
 */
import assert from "node:assert/strict";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { loadMailContext } from "../mail/context";
import { createMailTransport, type MailTransport } from "../mail/transport";
import type { StoredMessage } from "../mail/outbox";
import { CHECKED_KINDS, sendTestMails } from "./mail-check";
import { runCli } from "./run";

const CONTENT_DIR = path.resolve(import.meta.dirname, "..", "..", "content");
const SITE_URL = "https://www.urkraft.de";
const ADDRESS = "pruefung@beispiel.de";
const TRACKER = "https://t.relay.example";

/** What a relay with tracking on does: a pixel before </body>, every link through its own address. */
function trackingRelay(inner: MailTransport): MailTransport {
  const rewrite = (url: string) => `${TRACKER}/c?u=${encodeURIComponent(url)}`;
  return {
    description: "tracking relay",
    send(message: StoredMessage, id, kind) {
      const html = message.html
        .replace(/href="(https?:[^"]+)"/g, (_all, url: string) => `href="${rewrite(url)}"`)
        .replace("</body>", `<img src="${TRACKER}/o/${id}.gif" width="1" height="1" alt=""></body>`);
      const text = message.text.replace(/https?:\/\/[^\s)]+/g, (url) => rewrite(url));
      return inner.send({ ...message, html, text }, id, kind);
    },
    close: () => inner.close(),
  };
}

const pglite = databaseTargets().find((target) => target.driver === "pglite")!;

describe("mail-check", () => {
  let database: TestDatabase;
  let env: Record<string, string | undefined>;
  const dirs: string[] = [];
  before(async () => {
    database = await pglite.create();
    await database.db.close();
    env = { DATA_DIR: database.config.dataDir, SITE_URL };
  });
  after(async () => {
    await database?.drop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("writes one mail of every kind to the outbox and finds only the site's own images and links", async () => {
    const lines: string[] = [];
    assert.equal(await runCli(["mail-check", ADDRESS], (line) => lines.push(line), env), 0);
    const outbox = path.join(database.config.dataDir, "outbox", "mail-check");
    const files = (await readdir(outbox)).filter((file) => file.endsWith(".eml"));
    assert.equal(files.length, CHECKED_KINDS.length);
    assert.ok(CHECKED_KINDS.length >= 17, `${CHECKED_KINDS.length} kinds`);
    for (const kind of ["lead-confirmation", "lead-welcome", "lead-plan-day", "newsletter", "contact-acknowledgment"])
      assert.ok(
        lines.some((line) => line.startsWith(`  ✓ ${kind} (`)),
        `${kind} missing:\n${lines.join("\n")}`,
      );
    assert.equal(lines.filter((line) => line.includes("✗")).length, 0, lines.join("\n"));
    assert.match(lines.at(-1)!, /^Alle \d+ E-Mails enthalten nur Bilder und Links der Website/);
  });

  it("reports per mail the pixel and the rewritten links a tracking relay adds, and so does --eml", async () => {
    const outbox = await mkdtemp(path.join(os.tmpdir(), "urkraft-relay-"));
    dirs.push(outbox);
    const context = loadMailContext(CONTENT_DIR, SITE_URL);
    const results = await sendTestMails(context, trackingRelay(createMailTransport({ outboxDir: outbox })), ADDRESS);
    assert.equal(results.length, CHECKED_KINDS.length);
    for (const result of results) {
      assert.ok(
        result.foreign.some((found) => found.kind === "Bild" && found.url.startsWith(`${TRACKER}/o/`)),
        `${result.kind}: no pixel found`,
      );
      assert.ok(
        result.foreign.some((found) => found.kind === "Link" && found.url.startsWith(`${TRACKER}/c?u=`)),
        `${result.kind}: no rewritten link found`,
      );
    }

    const files = (await readdir(outbox)).map((file) => path.join(outbox, file));
    const lines: string[] = [];
    await assert.rejects(
      runCli(["mail-check", "--eml", ...files], (line) => lines.push(line), env),
      /^Error: \d+ von \d+ E-Mails enthalten Bilder oder Links, die nicht von der Website stammen/,
    );
    assert.ok(lines.some((line) => /^ {2}✗ lead-confirmation \(/.test(line)));
    assert.ok(lines.some((line) => line.startsWith(`      Bild: ${TRACKER}/o/`)));
    assert.ok(lines.some((line) => line.startsWith(`      Link: ${TRACKER}/c?u=${encodeURIComponent(SITE_URL)}`)));
  });

  it("reads a saved mail whose HTML came back base64-encoded, and refuses a missing file in German", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-saved-"));
    dirs.push(dir);
    const html = `<p>Hallo</p><a href="${SITE_URL}/gesunde-rezepte">Rezepte</a><img src="https://pixel.example/x.png">`;
    const file = path.join(dir, "gespeichert.eml");
    await writeFile(
      file,
      [
        `From: Urkraft <hallo@urkraft.de>`,
        `To: ${ADDRESS}`,
        `Subject: Willkommen`,
        `MIME-Version: 1.0`,
        `Content-Type: multipart/alternative; boundary="--x"`,
        ``,
        `----x`,
        `Content-Type: text/plain; charset=utf-8`,
        ``,
        `Hallo, ${SITE_URL}/gesunde-rezepte – schreib uns: mailto:${ADDRESS}`,
        `----x`,
        `Content-Type: text/html; charset=utf-8`,
        `Content-Transfer-Encoding: base64`,
        ``,
        Buffer.from(html).toString("base64").replace(/.{76}/g, "$&\n"),
        `----x--`,
        ``,
      ].join("\r\n"),
    );
    const lines: string[] = [];
    await assert.rejects(
      runCli(["mail-check", "--eml", file], (line) => lines.push(line), env),
      /1 von 1 E-Mails/,
    );
    assert.deepEqual(
      lines.filter((line) => line.startsWith("      ")),
      ["      Bild: https://pixel.example/x.png"],
    );

    const missing: string[] = [];
    assert.equal(await runCli(["mail-check", "--eml", path.join(dir, "fehlt.eml")], (line) => missing.push(line), env), 2);
    assert.match(missing[0]!, /^Die Datei .*fehlt\.eml lässt sich nicht lesen/);
    const bad: string[] = [];
    assert.equal(await runCli(["mail-check", "kein-at-zeichen"], (line) => bad.push(line), env), 2);
    assert.match(bad[0]!, /„kein-at-zeichen“ ist keine E-Mail-Adresse/);
  });
});
