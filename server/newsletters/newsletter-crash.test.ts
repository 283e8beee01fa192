/**
 * A newsletter survives SIGKILL: the real server (a child process) is killed halfway through, while mails
 * are on the wire and unanswered, and started again. A real SMTP server answers some recipients 421 (once) and some 550.
 * Afterwards every recipient holds exactly one copy, the refused ones none, on both drivers.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { findFreePort, startServer, stopServer, type ServerProcess } from "../../rig/server-load/server-process";
import { openDb } from "../db";
import { loadMailContext } from "../mail/context";
import { onBothDrivers, waitUntil } from "../test-support/app-harness";
import { SmtpSink } from "../test-support/smtp-sink";
import { createNewsletter, getNewsletter, scheduleNewsletter } from "./newsletters";

const READERS = 40;
/** Past the middle and inside a batch of 20 claimed rows, not at its end. */
const KILL_AFTER = 25;

onBothDrivers("a newsletter across SIGKILL and restart", async (t, database) => {
  let server: ServerProcess | undefined;
  let accepted = 0;
  let killed = false;
  let killing: Promise<void> | undefined;
  const sink = new SmtpSink({
    answerRecipient: (address, offered) =>
      address.startsWith("bounce") ? 550 : address.startsWith("busy") && offered === 1 ? 421 : undefined,
    beforeAccept: async () => {
      // Halfway the mails on the wire get no answer; the ones answered before are given a moment to be
      // recorded, then the server dies with those mails unanswered: they were never accepted.
      if (!killed && !killing && accepted === KILL_AFTER) {
        killing = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await stopServer(server!, "SIGKILL");
          killed = true;
        })();
      }
      const dying = killing;
      if (dying) {
        await dying;
        killing = undefined;
        return false;
      }
      accepted += 1;
      return true;
    },
  });
  await sink.start();
  t.after(async () => {
    if (server) await stopServer(server);
    await sink.stop();
  });

  const db = await openDb(database.config, { migrate: true });
  const lead = (email: string) =>
    db.query(
      `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at)
       VALUES ($1, 'Leser', '/', now() - interval '30 days', 'v1', 'p1', 'confirmed', now() - interval '20 days')`,
      [email],
    );
  for (let i = 1; i <= READERS; i += 1) await lead(`reader${i}@example.de`);
  for (const email of ["bounce1@example.de", "busy1@example.de", "busy2@example.de"]) await lead(email);
  const context = loadMailContext(path.resolve("content"));
  const id = await createNewsletter(
    db,
    context,
    { subject: "Nach dem Absturz", preheader: "", body: "Einmal, nicht zweimal." },
    "owner",
  );
  await scheduleNewsletter(db, context, id);
  await db.close();

  const env = {
    ...database.env,
    PUBLIC_DIR: database.config.dataDir,
    SMTP_URL: sink.url,
    MAIL_POLL_INTERVAL: "1s",
    MAIL_RETRY_BASE: "1s",
    MAIL_RETRY_MAX: "2s",
    MAIL_LEASE: "3s",
  };
  const port = await findFreePort();
  server = await startServer(port, env);
  await waitUntil(() => killed, "the kill halfway", 60_000);
  await server.exited;
  server = await startServer(port, env);
  const expected = READERS + 2;
  await waitUntil(() => sink.received.length >= expected, `${expected} mails`, 60_000);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await stopServer(server);
  server = undefined;

  for (let i = 1; i <= READERS; i += 1) assert.equal(sink.to(`reader${i}@example.de`).length, 1, `reader${i}`);
  assert.equal(sink.to("busy1@example.de").length, 1);
  assert.equal(sink.to("busy2@example.de").length, 1);
  assert.equal(sink.to("bounce1@example.de").length, 0);
  assert.equal(sink.received.length, expected);
  const after = await openDb(database.config);
  try {
    await waitUntil(async () => (await getNewsletter(after, id))?.figures.waiting === 0, "nothing waiting");
    const { figures } = (await getNewsletter(after, id))!;
    assert.deepEqual(figures, {
      recipients: expected + 1,
      sent: expected,
      waiting: 0,
      failed: 0,
      undeliverable: 1,
      cancelled: 0,
      unsubscribed: 0,
    });
  } finally {
    await after.close();
  }
});
