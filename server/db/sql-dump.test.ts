/** Dumps restorable by an older PostgreSQL, and a clear word when pg_dump is missing. */
import assert from "node:assert/strict";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { PgDumpMissingError, dumpPostgres, portableDump } from "./sql-dump";

describe("portableDump", () => {
  it("drops settings and psql commands PostgreSQL 15 does not know from the preamble", () => {
    const dump = [
      "\\restrict abc123",
      "-- PostgreSQL database dump",
      "SET statement_timeout = 0;",
      "SET transaction_timeout = 0;",
      "SET client_encoding = 'UTF8';",
      "SELECT pg_catalog.set_config('search_path', '', false);",
      "",
      "CREATE TABLE public.contact_requests (id integer, message text);",
      "INSERT INTO public.contact_requests VALUES (1, 'Erste Zeile",
      "SET transaction_timeout = 0;",
      "\\restrict abc123",
      "\\unrestrict other');",
      "\\unrestrict abc123",
      "",
    ];
    assert.deepEqual(portableDump(dump.join("\n")).split("\n"), [
      "-- PostgreSQL database dump",
      "SET statement_timeout = 0;",
      "SET client_encoding = 'UTF8';",
      "SELECT pg_catalog.set_config('search_path', '', false);",
      "",
      "CREATE TABLE public.contact_requests (id integer, message text);",
      "INSERT INTO public.contact_requests VALUES (1, 'Erste Zeile",
      "SET transaction_timeout = 0;",
      "\\restrict abc123",
      "\\unrestrict other');",
      "",
    ]);
  });
});

describe("dumpPostgres", () => {
  it("says in German how to get pg_dump when it is not installed, and leaves no file", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-dump-"));
    try {
      const failure = dumpPostgres("postgres://postgres@127.0.0.1:5432/postgres", path.join(dir, "s.sql"), "pg_dump-fehlt-hier");
      await assert.rejects(failure, (error: Error) => {
        assert.ok(error instanceof PgDumpMissingError);
        assert.match(error.message, /pg_dump ist nicht installiert.*PostgreSQL-Client-Werkzeuge/);
        return true;
      });
      assert.deepEqual(await readdir(dir), []);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
