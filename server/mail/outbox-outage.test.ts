/**
 * The outbox under an SMTP outage: submissions keep being accepted, nothing is lost over a server
 * restart, and once the mail server is back every mail arrives exactly once. Also: back-off and giving up.
 */
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { SMTPServer } from "smtp-server";
import site from "../../content/site.json";
import { SmtpSink } from "../test-support/smtp-sink";
import { emptyPostgresDatabase, postgresSkipReason } from "../test-support/databases";
import { LogCapture, onBothDrivers, outboxSettled, startApp, testConfig, waitUntil } from "../test-support/app-harness";

// Below the form mails' brake (services/form-mail-bounds.ts), which would hold acknowledgments a day: this is
// about an outage, not about a flood.
const LEADS = 15;
const CONTACTS = 10;

onBothDrivers("SMTP outage", async (t, database) => {
  const sink = new SmtpSink();
  // The sink only reserves its port: connections to it are refused, as with a mail server that is down.
  await sink.reservePort();
  const config = testConfig(database, { SMTP_URL: sink.url });
  let app = await startApp(config);
  t.after(async () => {
    await app.close();
    await sink.stop();
  });

  await t.test(`${LEADS + CONTACTS} submissions while SMTP is down are all accepted`, async () => {
    const responses = await Promise.all([
      ...Array.from({ length: LEADS }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/leads",
          headers: { referer: "http://localhost/" },
          payload: { name: `Lead ${i}`, email: `lead${i}@example.de`, website: "" },
        }),
      ),
      ...Array.from({ length: CONTACTS }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/contact",
          headers: { referer: "http://localhost/kontakt-unterstuetzung" },
          payload: { name: `Kontakt ${i}`, email: `contact${i}@example.de`, message: `Nachricht ${i}`, website: "" },
        }),
      ),
    ]);
    assert.deepEqual(
      responses.map((r) => r.statusCode),
      responses.map(() => 202),
    );
    // Every mail has been tried and has failed at least once.
    await waitUntil(async () => {
      const { rows } = await app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE attempts >= 2");
      return rows[0]!.n === LEADS + 2 * CONTACTS;
    }, "a second attempt at every mail");
    const { rows } = await app.db.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status",
    );
    assert.deepEqual(rows, [{ status: "pending", n: LEADS + 2 * CONTACTS }]);
  });

  await t.test("a server restart during the outage loses nothing", async () => {
    await app.close();
    app = await startApp(config);
    const { rows } = await app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'");
    assert.equal(rows[0]!.n, LEADS + 2 * CONTACTS);
  });

  await t.test("SMTP back: every mail is delivered exactly once", async () => {
    await sink.start();
    await outboxSettled(app, 20_000);
    // Give a duplicate every chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(sink.received.length, LEADS + 2 * CONTACTS);
    const ids = new Set(sink.received.map((mail) => mail.parsed.messageId));
    assert.equal(ids.size, sink.received.length, "no Message-ID twice");
    for (let i = 0; i < LEADS; i += 1) assert.equal(sink.to(`lead${i}@example.de`).length, 1, `lead${i}`);
    for (let i = 0; i < CONTACTS; i += 1) assert.equal(sink.to(`contact${i}@example.de`).length, 1, `contact${i}`);
    assert.equal(sink.to(site.email).length, CONTACTS);
    const { rows } = await app.db.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status",
    );
    assert.deepEqual(rows, [{ status: "sent", n: LEADS + 2 * CONTACTS }]);
  });
});

onBothDrivers("retry back-off", async (t, database) => {
  // A mail server that answers every recipient with a temporary error and notes when it was asked.
  const attemptsAt: number[] = [];
  const refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      attemptsAt.push(Date.now());
      callback(Object.assign(new Error("Mailbox busy"), { responseCode: 450 }));
    },
  });
  await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
  const { port } = refusing.server.address() as AddressInfo;
  const app = await startApp(
    testConfig(database, { SMTP_URL: `smtp://127.0.0.1:${port}` }, { retryBaseMs: 100, retryMaxMs: 400, maxAttempts: 5 }),
  );
  t.after(async () => {
    await app.close();
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  });

  await t.test("waits longer after each failure and gives up after the last attempt", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/leads",
      headers: { referer: "http://localhost/" },
      payload: { name: "Geduld", email: "busy@example.de", website: "" },
    });
    assert.equal(response.statusCode, 202);
    await outboxSettled(app, 15_000);
    const { rows } = await app.db.query<{ status: string; attempts: number; last_error: string; message: unknown }>(
      "SELECT status, attempts, last_error, message FROM mail_outbox",
    );
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.status, "failed");
    assert.equal(rows[0]!.attempts, 5);
    assert.match(rows[0]!.last_error, /450/);
    assert.ok(!rows[0]!.last_error.includes("busy@example.de"), "no address in the stored error");
    assert.equal(rows[0]!.message, null, "a given-up mail keeps neither its content nor its link token");

    assert.equal(attemptsAt.length, 5);
    const gaps = attemptsAt.slice(1).map((at, i) => at - attemptsAt[i]!);
    // 100, 200, 400, 400 ms (capped), each plus up to one poll interval.
    const expected = [100, 200, 400, 400];
    gaps.forEach((gap, i) => assert.ok(gap >= expected[i]! - 5, `gap ${i + 1}: ${gap} ms ≥ ${expected[i]} ms`));
    assert.ok(gaps[1]! > gaps[0]! && gaps[2]! > gaps[1]!, `growing gaps: ${gaps.join(", ")}`);
  });
});

test(
  "two server instances on one PostgreSQL share the outbox without sending anything twice",
  { skip: postgresSkipReason() },
  async (t) => {
    const database = await emptyPostgresDatabase();
    const sink = new SmtpSink();
    await sink.reservePort();
    const config = testConfig(database, { SMTP_URL: sink.url });
    const logs = [new LogCapture(), new LogCapture()];
    const first = await startApp(config, logs[0]);
    const second = await startApp(config, logs[1]);
    t.after(async () => {
      await first.close();
      await second.close();
      await sink.stop();
      await database.drop();
    });
    // Queued while SMTP is down, so both workers find the whole backlog due at the same moment.
    const count = 60;
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        (i % 2 === 0 ? first : second).inject({
          method: "POST",
          url: "/api/leads",
          headers: { referer: "http://localhost/" },
          payload: { name: `Doppelt ${i}`, email: `shared${i}@example.de`, website: "" },
        }),
      ),
    );
    assert.ok(responses.every((response) => response.statusCode === 202));
    await sink.start();
    await outboxSettled(first, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(sink.received.length, count);
    for (let i = 0; i < count; i += 1) assert.equal(sink.to(`shared${i}@example.de`).length, 1, `shared${i}`);
    const sentBy = logs.map((log) => log.lines.filter((line) => line.msg === "mail sent").length);
    assert.equal(sentBy[0]! + sentBy[1]!, count);
    assert.ok(
      sentBy.every((n) => n > 0),
      `both instances sent a share: ${sentBy.join(" + ")}`,
    );
  },
);
