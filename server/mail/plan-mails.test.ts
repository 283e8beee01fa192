/**
 * The 7-day plan by e-mail on a controllable clock: a lead confirms on the evening before a switch to or
 * from summer time, gets the welcome mail at once and then one plan mail on each of the next seven
 * mornings at `planMailTime` local time, each exactly once, across a restart of server and worker (and,
 * on PostgreSQL, with two instances sending side by side). Unsubscribing stops the rest; erasing leaves
 * nothing. The worker is the product's, run step by step with the test's time instead of a timer.
 */
import assert from "node:assert/strict";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import site from "../../content/site.json";
import movementPlan from "../../content/movement-plan.json";
import recipes from "../../content/recipes.json";
import principles from "../../content/principles.json";
import notices from "../../content/notices.json";
import { buildApp, loggerOptions } from "../app";
import { erasePerson, showPerson } from "../services/privacy";
import { loadMailContext, type MailContext } from "./context";
import { createMailTransport } from "./transport";
import { createMailWorker, type MailWorker } from "./worker";
import { SmtpSink, type ReceivedMail } from "../test-support/smtp-sink";
import { mailSubject, planDayOf } from "../test-support/mail-copy";
import { LogCapture, clickThrough, linkIn, onBothDrivers, testConfig } from "../test-support/app-harness";

const MINUTE = 60_000;

interface Instance {
  app: FastifyInstance;
  worker: MailWorker;
  close(): Promise<void>;
}

function localTime(instant: Date): string {
  return new Intl.DateTimeFormat("de-DE", {
    timeZone: site.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(instant);
}

onBothDrivers("7-day plan by e-mail", async (t, database) => {
  const sink = new SmtpSink();
  await sink.start();
  let now = new Date("2027-03-27T20:00:00Z");
  const context: MailContext = { ...loadMailContext(path.resolve("content")), clock: () => now };
  // The app answers requests; its own timer-driven worker is off, so the test decides when the worker runs.
  const config = testConfig(database, { SMTP_URL: sink.url, MAIL_WORKER: "false" });

  async function startInstance(): Promise<Instance> {
    const app = await buildApp({ config, logger: loggerOptions("warn", new LogCapture()), mail: { context } });
    await app.ready();
    const transport = createMailTransport({ smtpUrl: sink.url, outboxDir: path.join(config.dataDir, "outbox") });
    const worker = createMailWorker({ db: app.db, transport, settings: config.mail, log: app.log, clock: context.clock });
    return {
      app,
      worker,
      async close() {
        await worker.stop();
        transport.close();
        await app.close();
      },
    };
  }

  let instances = [await startInstance()];
  const app = () => instances[0]!.app;
  /** Every instance's worker looks for due mails once, at the same time; returns how many were attempted. */
  const runWorkers = async () =>
    (await Promise.all(instances.map((instance) => instance.worker.runOnce()))).reduce((a, b) => a + b, 0);
  async function restart(): Promise<void> {
    await Promise.all(instances.map((instance) => instance.close()));
    instances = [await startInstance()];
    // On PostgreSQL a second instance sends from the same outbox; PGlite allows one opener.
    if (database.driver === "postgres") instances.push(await startInstance());
  }
  t.after(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await sink.stop();
  });

  async function signUpAndConfirm(name: string, email: string): Promise<void> {
    const response = await app().inject({
      method: "POST",
      url: "/api/leads",
      headers: { referer: "http://localhost/" },
      payload: { name, email, website: "" },
    });
    assert.equal(response.statusCode, 202);
    assert.equal(await runWorkers(), 1, "the confirmation request");
    const [request] = sink.to(email);
    assert.equal(
      await clickThrough(app(), linkIn(request!.parsed.text ?? "", "/api/leads/confirm?token=")),
      "/anmeldung-bestaetigt",
    );
    assert.equal(await runWorkers(), 1, "the welcome mail, at once");
    assert.equal(sink.to(email)[1]!.parsed.subject, mailSubject("lead-welcome"));
  }

  async function plannedFor(email: string): Promise<{ kind: string; status: string; due_at: Date; sent_at: Date | null }[]> {
    const { rows } = await app().db.query<{ kind: string; status: string; due_at: Date; sent_at: Date | null }>(
      `SELECT kind, status, due_at, sent_at FROM mail_outbox
        WHERE person_email = $1 AND kind LIKE 'lead-plan-%' ORDER BY due_at`,
      [email],
    );
    return rows.map((row) => ({ ...row, due_at: new Date(row.due_at), sent_at: row.sent_at && new Date(row.sent_at) }));
  }

  /** Walks the clock to one minute before `due` (nothing may go) and to `due` (exactly that day's mail goes). */
  async function morning(email: string, day: number, due: Date): Promise<ReceivedMail> {
    const before = sink.to(email).length;
    now = new Date(due.getTime() - MINUTE);
    assert.equal(await runWorkers(), 0, `nothing before 07:30 on day ${day}`);
    now = due;
    assert.equal(await runWorkers(), 1, `day ${day} is sent at its time`);
    assert.equal(await runWorkers(), 0, `day ${day} is not sent twice`);
    const mails = sink.to(email);
    assert.equal(mails.length, before + 1);
    const mail = mails.at(-1)!;
    assert.equal(planDayOf(mail.parsed.subject), day);
    return mail;
  }

  await t.test("evening before the switch to summer time: welcome at once, then seven mornings at 07:30, each once", async () => {
    const email = "fruehling@example.de";
    now = new Date("2027-03-27T20:00:00Z"); // 21:00 in Berlin, winter time
    await signUpAndConfirm("Frieder Frühling", email);

    const planned = await plannedFor(email);
    assert.deepEqual(
      planned.map((mail) => [mail.kind, mail.due_at.toISOString(), localTime(mail.due_at)]),
      [1, 2, 3, 4, 5, 6, 7].map((day) => [
        day < 7 ? "lead-plan-day" : "lead-plan-final",
        // 07:30 summer time (UTC+2) from the first morning on, the night of the switch included.
        new Date(Date.UTC(2027, 2, 27 + day, 5, 30)).toISOString(),
        `${String(27 + day > 31 ? 27 + day - 31 : 27 + day).padStart(2, "0")}.${27 + day > 31 ? "04" : "03"}.2027, 07:30`,
      ]),
    );

    for (const [index, mail] of planned.entries()) {
      const day = index + 1;
      if (day === 3) {
        // The server is down at 07:30 and comes back at 08:10: day 3 goes out late, but once.
        now = new Date(mail.due_at.getTime() + 40 * MINUTE);
        await restart();
        assert.equal(await runWorkers(), 1, "the missed mail after the restart");
        assert.equal(await runWorkers(), 0);
        assert.equal(planDayOf(sink.to(email).at(-1)!.parsed.subject), 3);
        continue;
      }
      const received = await morning(email, day, mail.due_at);
      // Five principles for seven days: the sixth and seventh say that they come round again.
      const heading = day > principles.length ? "Noch einmal zur Erinnerung" : "Grundsatz des Tages";
      assert.ok(
        (received.parsed.html || "").includes(`${heading}: ${principles[(day - 1) % principles.length]!.title}`),
        `day ${day}`,
      );
      if (day === 1) {
        const text = received.parsed.text ?? "";
        const html = received.parsed.html || "";
        const dishes = recipes.filter((recipe) => recipe.category !== "Drink");
        for (const part of [movementPlan[0]!.activity, movementPlan[0]!.benefit, dishes[0]!.title, principles[0]!.title]) {
          // The plain text sets headings in capitals.
          assert.ok(text.toUpperCase().includes(part.toUpperCase()), `text has „${part}“`);
          assert.ok(html.includes(part), `HTML has „${part}“`);
        }
        assert.ok(text.includes(`${movementPlan[0]!.duration}\u00a0Minuten`));
        assert.ok(text.includes(movementPlan[1]!.activity), "a look at tomorrow");
        const unsubscribe = linkIn(text, "/api/leads/unsubscribe?token=");
        assert.ok(html.includes(`href="${unsubscribe}"`));
        const header = received.parsed.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
        assert.ok(header.includes(`<${unsubscribe}>`), header);
        assert.ok(received.parsed.headerLines.some((line) => line.line === "List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
      }
      if (day === 7) assert.match(received.parsed.text ?? "", /höchstens zwei E-Mails im Monat/);
    }

    // The safety note of content/notices.json stands in the welcome mail and in every plan mail.
    const [, ...afterConfirmation] = sink.to(email);
    assert.equal(afterConfirmation.length, 8);
    for (const mail of afterConfirmation) {
      const flowing = (text: string) => text.replace(/\s+/g, " ");
      assert.ok(flowing(mail.parsed.text ?? "").includes(flowing(notices.disclaimerDetail)), mail.parsed.subject);
      assert.ok(flowing(mail.parsed.html || "").includes(flowing(notices.disclaimerDetail)), mail.parsed.subject);
    }

    const sent = await plannedFor(email);
    assert.ok(sent.every((mail) => mail.status === "sent"));
    sent.forEach((mail, index) => {
      if (index !== 2) assert.equal(mail.sent_at?.toISOString(), mail.due_at.toISOString(), `day ${index + 1} at 07:30`);
    });
    now = new Date("2027-04-10T12:00:00Z");
    assert.equal(await runWorkers(), 0, "nothing after the seventh day");
    const subjects = sink.to(email).map((mail) => mail.parsed.subject ?? "");
    assert.equal(subjects.length, 9, "confirmation request, welcome and seven plan mails");
    assert.deepEqual(
      subjects.slice(2).map((subject) => planDayOf(subject)),
      [1, 2, 3, 4, 5, 6, 7],
    );

    const shown = await showPerson(app().db, email);
    assert.deepEqual(
      shown.mails.map((mail) => [mail.kind, mail.status]),
      [
        ["lead-confirmation", "sent"],
        ["lead-welcome", "sent"],
        ...Array.from({ length: 6 }, () => ["lead-plan-day", "sent"]),
        ["lead-plan-final", "sent"],
      ],
    );
    const erased = await erasePerson(app().db, email);
    assert.deepEqual(erased, { leads: 1, contactRequests: 0, mails: 9 });
  });

  await t.test(
    "evening before the switch back, unsubscribed after day 3: days 4 to 7 are never sent; erase leaves nothing",
    async () => {
      const email = "herbst@example.de";
      now = new Date("2027-10-30T19:00:00Z"); // 21:00 in Berlin, summer time
      await signUpAndConfirm("Hannes Herbst", email);
      const planned = await plannedFor(email);
      assert.deepEqual(
        planned.map((mail) => mail.due_at.toISOString()),
        // 07:30 winter time (UTC+1) from the morning of the switch on.
        [31, 32, 33, 34, 35, 36, 37].map((day) => new Date(Date.UTC(2027, 9, day, 6, 30)).toISOString()),
      );
      assert.ok(planned.every((mail) => localTime(mail.due_at).endsWith("07:30")));

      let third: ReceivedMail | undefined;
      for (const [index, mail] of planned.slice(0, 3).entries()) third = await morning(email, index + 1, mail.due_at);
      now = new Date(planned[2]!.due_at.getTime() + 2 * 60 * MINUTE);
      assert.equal(
        await clickThrough(app(), linkIn(third!.parsed.text ?? "", "/api/leads/unsubscribe?token=")),
        "/abmeldung-bestaetigt",
      );
      assert.deepEqual(
        (await plannedFor(email)).map((mail) => mail.status),
        ["sent", "sent", "sent", "cancelled", "cancelled", "cancelled", "cancelled"],
      );

      await restart();
      for (const mail of planned.slice(3)) {
        now = new Date(mail.due_at.getTime() + MINUTE);
        assert.equal(await runWorkers(), 0, `nothing on ${localTime(mail.due_at)}`);
      }
      assert.equal(sink.to(email).length, 5, "confirmation request, welcome and days 1 to 3");

      const erased = await erasePerson(app().db, email);
      assert.deepEqual(erased, { leads: 1, contactRequests: 0, mails: 9 });
      const shown = await showPerson(app().db, email);
      assert.deepEqual([shown.leads, shown.consents, shown.leadLinks, shown.contactRequests, shown.mails], [[], [], [], [], []]);
      const { rows } = await app().db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM mail_outbox WHERE person_email = $1 OR message::text LIKE '%herbst%'",
        [email],
      );
      assert.equal(rows[0]!.n, 0, "no scheduled or sent mail of the person is left");
    },
  );
});
