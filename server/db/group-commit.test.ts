/**
 * Group commit: form posts that arrive together share one statement, each is answered for itself, and
 * each row gets its own mail, link and proof; a bad submission fails alone.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { API_PATHS, ownerRequestPath } from "../../common/routes";
import { loadMailContext } from "../mail/context";
import type { StoredMessage } from "../mail/outbox";
import { hashToken } from "../services/link-tokens";
import { prepareLead, writeLeads, type StoredLead } from "../services/leads";
import { TEST_CONSENT } from "../test-support/test-app";
import { linkIn, onBothDrivers, startApp, testConfig } from "../test-support/app-harness";
import { createGroupCommit } from "./group-commit";

const post = (app: FastifyInstance, url: string, payload: Record<string, string>) =>
  app.inject({ method: "POST", url, headers: { origin: "http://localhost" }, payload: { website: "", ...payload } });

/** Rows written by one transaction share its id (xmin): fewer ids than rows means rows were committed together. */
async function transactionsOf(app: FastifyInstance, table: string, where: string, params: unknown[]): Promise<number> {
  const { rows } = await app.db.query<{ n: number }>(
    `SELECT count(DISTINCT xmin::text)::int AS n FROM ${table} WHERE ${where}`,
    params,
  );
  return rows[0]!.n;
}

const messageOf = (value: StoredMessage | string): StoredMessage =>
  typeof value === "string" ? (JSON.parse(value) as StoredMessage) : value;

onBothDrivers("group commit of form posts", async (t, database) => {
  // Without the worker the composed mails stay in the outbox to be read.
  const app = await startApp(testConfig(database, { MAIL_WORKER: "false" }));
  t.after(() => app.close());

  await t.test("sign-ups posted together share commits, and each gets its own lead, proof, link and mail", async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `gruppe${i}@example.de`);
    const answers = await Promise.all(emails.map((email, i) => post(app, API_PATHS.leads, { name: `Gast ${i}`, email })));
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      emails.map(() => 202),
    );

    const commits = await transactionsOf(app, "leads", "email LIKE 'gruppe%'", []);
    assert.ok(commits <= emails.length / 2, `30 sign-ups in ${commits} commits`);

    const { rows } = await app.db.query<{
      email: string;
      name: string;
      consents: number;
      token_hashes: string[];
      message: StoredMessage | string;
    }>(
      `SELECT l.email, l.name,
              (SELECT count(*)::int FROM lead_consents c WHERE c.lead_id = l.id) AS consents,
              (SELECT array_agg(t.token_hash) FROM lead_tokens t WHERE t.lead_id = l.id AND t.purpose = 'confirm') AS token_hashes,
              m.message
         FROM leads l JOIN mail_outbox m ON m.lead_id = l.id AND m.kind = 'lead-confirmation'
        WHERE l.email LIKE 'gruppe%' ORDER BY l.email`,
    );
    assert.equal(rows.length, emails.length, "one lead with one confirmation mail per address");
    for (const row of rows) {
      const message = messageOf(row.message);
      assert.equal(row.consents, 1, `${row.email}: one proof of consent`);
      assert.equal(message.to.address, row.email, "the mail goes to its own lead");
      assert.match(message.text, new RegExp(`Hallo ${row.name},`), "and greets that lead by name");
      const token = new URL(linkIn(message.text, API_PATHS.confirm)).searchParams.get("token")!;
      assert.deepEqual(row.token_hashes, [hashToken(token)], `${row.email}: the link in the mail is this lead's`);
    }
  });

  await t.test("the same address twice in one burst: one lead, both declarations, both answered", async () => {
    const others = Array.from({ length: 8 }, (_, i) => `nebenbei${i}@example.de`);
    const answers = await Promise.all([
      post(app, API_PATHS.leads, { name: "Erster Versuch", email: "doppelt@example.de" }),
      ...others.map((email) => post(app, API_PATHS.leads, { name: "Nebenbei", email })),
      post(app, API_PATHS.leads, { name: "Zweiter Versuch", email: "DOPPELT@example.de" }),
    ]);
    assert.ok(answers.every((answer) => answer.statusCode === 202));
    const { rows } = await app.db.query<{ name: string; consents: number; mails: number }>(
      `SELECT name, (SELECT count(*)::int FROM lead_consents c WHERE c.lead_id = l.id) AS consents,
              (SELECT count(*)::int FROM mail_outbox m WHERE m.lead_id = l.id) AS mails
         FROM leads l WHERE lower(email) = 'doppelt@example.de'`,
    );
    assert.deepEqual(rows, [{ name: "Zweiter Versuch", consents: 2, mails: 1 }], "the later declaration wins; one request mail");
  });

  await t.test("contact requests posted together: each request's mails and webhook carry its own id", async () => {
    await app.db.query("INSERT INTO webhook_endpoints (url) VALUES ('https://hooks.example.de/urkraft')");
    const emails = Array.from({ length: 20 }, (_, i) => `anfrage${i}@example.de`);
    const answers = await Promise.all(
      emails.map((email, i) => post(app, API_PATHS.contact, { name: `Fragender ${i}`, email, message: `Frage Nummer ${i}` })),
    );
    assert.ok(answers.every((answer) => answer.statusCode === 202));
    assert.ok((await transactionsOf(app, "contact_requests", "email LIKE 'anfrage%'", [])) <= emails.length / 2);

    const { rows } = await app.db.query<{
      id: number;
      email: string;
      message: string;
      mails: { kind: string; message: StoredMessage }[];
      payload: string;
    }>(
      `SELECT r.id, r.email, r.message,
              (SELECT json_agg(json_build_object('kind', m.kind, 'message', m.message)) FROM mail_outbox m
                WHERE m.contact_request_id = r.id) AS mails,
              (SELECT w.payload FROM webhook_deliveries w WHERE w.payload LIKE '%' || r.email || '%') AS payload
         FROM contact_requests r WHERE r.email LIKE 'anfrage%' ORDER BY r.id`,
    );
    assert.equal(rows.length, emails.length);
    for (const row of rows) {
      const ack = row.mails.find((mail) => mail.kind === "contact-acknowledgment")!;
      const note = row.mails.find((mail) => mail.kind === "contact-notification")!;
      assert.equal(ack.message.to.address, row.email, "the acknowledgment goes to the request's sender");
      assert.ok(
        note.message.text.includes(ownerRequestPath(row.id)),
        `the notification of ${row.email} links to request ${row.id}`,
      );
      assert.equal(note.message.replyTo?.address, row.email);
      const event = JSON.parse(row.payload) as { timestamp: string; data: { url: string; receivedAt: string } };
      assert.ok(event.data.url.endsWith(ownerRequestPath(row.id)), "the webhook links to its own request");
      assert.match(event.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, "and carries the time it was stored");
    }
  });
});

test("a submission the database refuses fails alone; the others of its batch are stored", async () => {
  const { createPgliteDatabase } = await import("../test-support/databases");
  const database = await createPgliteDatabase();
  try {
    const mail = loadMailContext(path.resolve("content"), "http://localhost:9000");
    const batches: number[] = [];
    const write = createGroupCommit({
      writeBatch: (leads: ReturnType<typeof prepareLead>[]) => {
        batches.push(leads.length);
        return writeLeads(database.db, leads);
      },
      maxBatch: 100,
      maxInFlight: 1,
    });
    const meta = { formPage: "/", consent: TEST_CONSENT };
    // PostgreSQL text cannot hold U+0000, so the statement carrying this name fails.
    const names = ["Anton", "Null\u0000Byte", "Berta", "Cäsar"];
    const outcomes = await Promise.allSettled(
      names.map((name, i) => write(prepareLead({ name, email: `einzeln${i}@example.de` }, meta, mail))),
    );
    assert.deepEqual(
      outcomes.map((outcome) => outcome.status),
      ["fulfilled", "rejected", "fulfilled", "fulfilled"],
    );
    assert.deepEqual(batches, [4, 1, 1, 1, 1], "all four together, then each again alone");
    const { rows } = await database.db.query<{ name: string }>("SELECT name FROM leads ORDER BY email");
    assert.deepEqual(
      rows.map((row) => row.name),
      ["Anton", "Berta", "Cäsar"],
    );
    assert.ok(
      outcomes.every((o) => o.status === "rejected" || (o as PromiseFulfilledResult<StoredLead>).value.created),
      "each stored one is answered as a new lead",
    );
  } finally {
    await database.drop();
  }
});

test("items with the same key wait until the statement holding the earlier one has committed, in the order they came; statements stay within the limit", async () => {
  const calls: string[][] = [];
  const runningKeys = new Set<string>();
  let running = 0;
  let mostRunning = 0;
  const write = createGroupCommit<string, string>({
    writeBatch: async (items) => {
      calls.push(items);
      for (const item of items) {
        const key = item.split(":")[0]!;
        assert.ok(!runningKeys.has(key), `${item} runs while an earlier item of ${key} has not committed`);
        runningKeys.add(key);
      }
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      for (const item of items) runningKeys.delete(item.split(":")[0]!);
      return items.map((item) => item.toUpperCase());
    },
    key: (item) => item.split(":")[0]!,
    maxBatch: 3,
    maxInFlight: 2,
  });
  const items = ["a:1", "b:1", "a:2", "c:1", "d:1", "a:3", "e:1"];
  const results = await Promise.all(items.map(write));
  assert.deepEqual(
    results,
    items.map((item) => item.toUpperCase()),
    "each caller gets its own result",
  );
  assert.deepEqual(calls, [["a:1", "b:1", "c:1"], ["d:1", "e:1"], ["a:2"], ["a:3"]]);
  assert.equal(mostRunning, 2);
});

test("a batch answered with the wrong number of results is written again one by one", async () => {
  const calls: number[][] = [];
  const write = createGroupCommit<number, number>({
    writeBatch: async (items) => {
      calls.push(items);
      return items.length > 1 ? items.slice(1).map((n) => n * 10) : items.map((n) => n * 10);
    },
    maxBatch: 10,
    maxInFlight: 1,
  });
  assert.deepEqual(await Promise.all([1, 2, 3].map(write)), [10, 20, 30]);
  assert.deepEqual(calls, [[1, 2, 3], [1], [2], [3]]);
});
