/**
 * A reader who unsubscribes while their mail is claimed (between the worker taking it and handing it to the mail
 * server) does not get it: the worker asks again right before sending. On both drivers, with a real SMTP server
 * and the real unsubscribe link, followed at the moment the claim returns.
 */
import assert from "node:assert/strict";
import type { Db } from "../db/types";
import { SmtpSink } from "../test-support/smtp-sink";
import { clickThrough, linkIn, onBothDrivers, startApp, testConfig } from "../test-support/app-harness";
import { createMailTransport } from "./transport";
import { createMailWorker } from "./worker";

const CONFIRM = "/api/leads/confirm?token=";
const UNSUBSCRIBE = "/api/leads/unsubscribe?token=";
/** The statement with which a worker claims its batch (server/outbox/queue.ts). */
const CLAIM = /SET attempts = attempts \+ 1/;

onBothDrivers("a mail claimed when its reader unsubscribes", async (t, database) => {
  const sink = new SmtpSink();
  await sink.start();
  const config = testConfig(database, { MAIL_WORKER: "false" });
  const app = await startApp(config);
  const transport = createMailTransport({ smtpUrl: sink.url, outboxDir: "" });
  t.after(async () => {
    transport.close();
    await app.close();
    await sink.stop();
  });
  const email = "gerade.weg@example.de";
  const signUp = await app.inject({
    method: "POST",
    url: "/api/leads",
    headers: { referer: "http://localhost/" },
    payload: { name: "Gerd", email, website: "" },
  });
  assert.equal(signUp.statusCode, 202, signUp.body);
  const worker = createMailWorker({ db: app.db, transport, settings: config.mail, log: app.log });
  await worker.runOnce();
  const [request] = sink.to(email);
  assert.ok(request, "the confirmation request arrives");
  assert.equal(await clickThrough(app, linkIn(request.parsed.text ?? "", CONFIRM)), "/anmeldung-bestaetigt");

  // The same database, but the reader follows the unsubscribe link in their welcome mail the moment the worker has
  // claimed it.
  let unsubscribed = false;
  const query = async <Row>(sql: string, params?: unknown[]) => {
    const result = await app.db.query<Row>(sql, params);
    if (!unsubscribed && CLAIM.test(sql) && result.rows.length > 0) {
      unsubscribed = true;
      const { rows } = await app.db.query<{ text: string }>(
        "SELECT message ->> 'text' AS text FROM mail_outbox WHERE kind = 'lead-welcome' AND person_email = $1",
        [email],
      );
      assert.equal(await clickThrough(app, linkIn(rows[0]!.text, UNSUBSCRIBE)), "/abmeldung-bestaetigt");
    }
    return result;
  };
  const racingDb = Object.assign(Object.create(app.db) as Db, { query });
  const racing = createMailWorker({ db: racingDb, transport, settings: config.mail, log: app.log });
  await racing.runOnce();
  assert.ok(unsubscribed, "the worker claimed the welcome mail");
  assert.deepEqual(
    sink.to(email).map((mail) => mail.parsed.subject),
    [request.parsed.subject],
    "only the confirmation request, sent before the click",
  );
  const { rows } = await app.db.query<{ status: string }>(
    "SELECT DISTINCT status FROM mail_outbox WHERE kind <> 'lead-confirmation' AND person_email = $1",
    [email],
  );
  assert.deepEqual(
    rows.map((row) => row.status),
    ["cancelled"],
  );
});
