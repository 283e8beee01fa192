/**
 * MAIL_RATE on both drivers, with a real SMTP server: no more mails per minute and per day than set, counted
 * for all mail kinds together, and a confirmation mail goes before the newsletter mails that wait.
 */
import assert from "node:assert/strict";
import { onBothDrivers, startApp, testConfig } from "../test-support/app-harness";
import { SmtpSink } from "../test-support/smtp-sink";
import { createNewsletter, scheduleNewsletter } from "../newsletters/newsletters";
import { startDueNewsletters } from "../newsletters/sending";
import { createMailTransport } from "./transport";
import { createMailWorker } from "./worker";

onBothDrivers("MAIL_RATE", async (t, database) => {
  const sink = new SmtpSink();
  await sink.start();
  const config = testConfig(database, { MAIL_WORKER: "false", MAIL_RATE: "5/min,8/day" });
  assert.deepEqual(config.mail.rate, { perMinute: 5, perDay: 8 });
  const app = await startApp(config);
  const transport = createMailTransport({ smtpUrl: sink.url, outboxDir: "" });
  t.after(async () => {
    transport.close();
    await app.close();
    await sink.stop();
  });
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const context = { ...app.mail, clock };
  const worker = createMailWorker({ db: app.db, transport, settings: config.mail, log: app.log, clock, context });
  await app.db.query(
    `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at)
     SELECT 'leser' || i || '@example.de', 'Leser', '/', now() - interval '30 days', 'v1', 'p1', 'confirmed', now() - interval '20 days'
       FROM generate_series(1, 8) AS i`,
  );
  const id = await createNewsletter(app.db, context, { subject: "Im Takt", preheader: "", body: "Langsam." }, "owner");
  await scheduleNewsletter(app.db, context, id);
  assert.deepEqual(await startDueNewsletters(app.db, context), [{ id, recipients: 8 }]);

  await worker.runOnce();
  assert.equal(sink.received.length, 5, "five in the first minute");
  assert.equal(await worker.runOnce(), 0, "nothing more in the same minute");

  const signUp = await app.inject({
    method: "POST",
    url: "/api/leads",
    headers: { referer: "http://localhost/" },
    payload: { name: "Neu", email: "neu@example.de", website: "" },
  });
  assert.equal(signUp.statusCode, 202);
  offsetMs = 61_000;
  await worker.runOnce();
  // The day allows 8: three more, and the confirmation is among them although three newsletter mails waited before it
  // (it is claimed first; the worker's lanes hand the three to the mail server side by side, in no fixed order).
  assert.equal(sink.received.length, 8);
  assert.equal(sink.received.slice(5).filter((mail) => mail.rcptTo.includes("neu@example.de")).length, 1);
  assert.equal(sink.received.slice(5).filter((mail) => mail.parsed.subject === "Im Takt").length, 2);
  offsetMs = 2 * 61_000;
  assert.equal(await worker.runOnce(), 0, "the day's eight are used up");
  offsetMs = 24 * 3_600_000 + 61_000;
  await worker.runOnce();
  assert.equal(sink.received.length, 9, "the next day the last one goes");
});
