/**
 * What the tests of „Inhalte“ share: the real `git` with a test identity, a local bare repository seeded with
 * the project's content as CONTENT_GIT_REMOTE (plus another clone, committing beside the owner area), and a
 * login by link as a person does it (the link from the outbox, then the session cookie).
 */
import assert from "node:assert/strict";
import { cpSync } from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import type { TestDatabase } from "./databases";
import { git } from "./git";
import { postJson, type TestApp } from "./test-app";

export { git };

const PROJECT = path.resolve(__dirname, "../..");
const ORIGIN = { origin: "http://localhost" };

/** A bare repository in `dir` holding the project's content/ as one commit, and another clone of it. */
export function seedContentRemote(dir: string): { remote: string; other: string; seedCommit: string } {
  const remote = path.join(dir, "remote.git");
  git(dir, "init", "--quiet", "--bare", "--initial-branch=main", remote);
  const seed = path.join(dir, "seed");
  cpSync(path.join(PROJECT, "content"), path.join(seed, "content"), { recursive: true });
  git(seed, "init", "--quiet", "--initial-branch=main");
  git(seed, "add", "content");
  git(seed, "commit", "--quiet", "-m", "Inhalte");
  git(seed, "push", "--quiet", remote, "main");
  const other = path.join(dir, "other");
  git(dir, "clone", "--quiet", remote, other);
  return { remote, other, seedCommit: git(seed, "rev-parse", "HEAD") };
}

export function cookieOf(response: LightMyRequestResponse): string {
  const match = /(__Host-urkraft-verwaltung=[^;]+)/.exec(String(response.headers["set-cookie"] ?? ""));
  assert.ok(match, "a session cookie is set");
  return match[1]!;
}

/** Logs `email` in by the link the owner area mails, and returns the session cookie. */
export async function loginByLink(test: TestApp, database: TestDatabase, email: string): Promise<string> {
  assert.equal((await postJson(test.app, "/api/verwaltung/anmeldelink", { email }, ORIGIN)).statusCode, 202);
  await test.app.ownerLoginLinks.idle();
  const { rows } = await database.db.query<{ text: string }>(
    "SELECT message ->> 'text' AS text FROM mail_outbox WHERE kind = 'owner-login' AND recipient = $1 ORDER BY id DESC LIMIT 1",
    [email],
  );
  const token = /\?token=([A-Za-z0-9_-]{43})/.exec(rows[0]!.text)![1];
  return cookieOf(await postJson(test.app, "/api/verwaltung/sitzung", { token }, ORIGIN));
}

/** „2026-12-24T18:00“ for a moment `minutes` from now, in Germany's time, as the planning fields take it. */
export function berlinTimeIn(minutes: number): string {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(new Date(Date.now() + minutes * 60_000))
    .replace(" ", "T");
}
