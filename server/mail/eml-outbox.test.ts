/** Without SMTP_URL every mail becomes an .eml file in DATA_DIR/outbox, and its path is logged. */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { simpleParser } from "mailparser";
import site from "../../content/site.json";
import { emptyPgliteDatabase } from "../test-support/databases";
import { LogCapture, outboxSettled, startApp, testConfig } from "../test-support/app-harness";

test("mails are written as .eml files when no SMTP server is configured", async (t) => {
  const database = await emptyPgliteDatabase();
  const log = new LogCapture();
  const app = await startApp(testConfig(database), log);
  t.after(async () => {
    await app.close();
    await database.drop();
  });

  const email = "datei.test@example.de";
  assert.equal(
    (
      await app.inject({
        method: "POST",
        url: "/api/leads",
        headers: { referer: "http://localhost/" },
        payload: { name: "Fritz Datei", email, website: "" },
      })
    ).statusCode,
    202,
  );
  assert.equal(
    (
      await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { referer: "http://localhost/kontakt-unterstuetzung" },
        payload: { name: "Fritz Datei", email, message: "Eine Frage zu den Rezepten.", website: "" },
      })
    ).statusCode,
    202,
  );
  await outboxSettled(app);

  const dir = path.join(database.config.dataDir, "outbox");
  const files = (await readdir(dir)).sort();
  assert.deepEqual(
    files.map((file) => file.replace(/^\d+-/, "")),
    ["lead-confirmation.eml", "contact-acknowledgment.eml", "contact-notification.eml"],
  );
  const confirmation = await simpleParser(await readFile(path.join(dir, files[0]!)));
  assert.equal(confirmation.from?.value[0]?.address, site.mailFrom.address);
  assert.match(confirmation.text ?? "", /\/api\/leads\/confirm\?token=[A-Za-z0-9_-]{43}/);
  assert.ok(confirmation.html, "an HTML part as well");

  const logged = log.lines.filter((line) => line.msg === "mail written to outbox folder").map((line) => line.file);
  assert.deepEqual(logged.sort(), files.map((file) => path.join(dir, file)).sort());
  // The log carries paths and ids, never an address, a name or a message.
  const all = log.text.join("\n");
  for (const secret of [email, "Fritz Datei", "Eine Frage zu den Rezepten", "token="]) {
    assert.ok(!all.includes(secret), `log mentions ${secret}`);
  }
});
