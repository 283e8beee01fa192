/**
 * The owner API is its table (common/owner/api.ts): every route the server answers under OWNER_API_PREFIX has
 * exactly one row, and every row is registered once, with the row's access and answers. Read from the
 * router itself (printRoutes), so a route registered past the table, even outside the guard, is found.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { OWNER_API, type ApiRow } from "../../../common/owner/api";
import { OWNER_API_PREFIX } from "../../../common/routes";
import { createPgliteDatabase, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, type TestApp } from "../../test-support/test-app";

/** The answers for unknown paths (index.ts): every method, under the prefix, outside the table (the tree prints "/*" as "*"). */
const NOT_FOUND = [OWNER_API_PREFIX, `${OWNER_API_PREFIX}/*`, `${OWNER_API_PREFIX}*`];

/** "METHOD /path" of every route in printRoutes' tree (each line a node: its part of the path, its methods). */
export function routesOfTree(tree: string): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (paths[depth - 1] ?? "") + match[2]!;
    paths[depth] = path;
    paths.length = depth + 1;
    for (const method of match[3]?.split(", ") ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

const key = (method: string, path: string) => `${method} ${OWNER_API_PREFIX}${path}`;
const statusesOf = (row: ApiRow) =>
  row.answer === undefined ? [] : typeof row.answer === "string" ? ["200"] : Object.keys(row.answer);

describe("the owner API's table", () => {
  let database: TestDatabase;
  let test: TestApp;

  before(async () => {
    database = await createPgliteDatabase();
    test = await buildTestApp(database, { OWNER_EMAILS: "inhaber@urkraft-test.de", EDITOR_EMAILS: "redaktion@urkraft-test.de" });
  });
  after(async () => {
    await test?.close();
    await database?.drop();
  });

  it("reads the router's tree as routes", () => {
    const tree = [
      "└── /api (GET, HEAD)",
      "    ├── /sitzung (POST)",
      "    │   └── en-beenden (POST)",
      "    └── /x/:id (DELETE)",
    ].join("\n");
    assert.deepEqual(routesOfTree(tree), [
      "GET /api",
      "HEAD /api",
      "POST /api/sitzung",
      "POST /api/sitzungen-beenden",
      "DELETE /api/x/:id",
    ]);
  });

  it("has one row for every route the server answers under the prefix", () => {
    const rows = new Set(Object.values(OWNER_API).map((row) => key(row.method, row.path)));
    const served = routesOfTree(test.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.split(" ")[1]!.startsWith(OWNER_API_PREFIX) && !NOT_FOUND.includes(route.split(" ")[1]!),
    );
    // Fastify answers HEAD for every GET by itself.
    const withoutRow = served.filter((route) => !rows.has(route.replace(/^HEAD /, "GET ")));
    assert.deepEqual(withoutRow, [], "routes under the prefix without a row in common/owner/api.ts");
    assert.ok(served.length >= Object.keys(OWNER_API).length);
  });

  it("registers every row once, with its access and its answers", () => {
    const registered = test.app.ownerRoutes.filter((route) => route.method !== "HEAD");
    for (const [name, row] of Object.entries(OWNER_API) as [string, ApiRow][]) {
      const matching = registered.filter((route) => `${route.method} ${route.url}` === key(row.method, row.path));
      assert.equal(matching.length, 1, `${name}: ${row.method} ${row.path} registered ${matching.length} times`);
      assert.equal(matching[0]!.access, row.access, `${name}: access`);
      assert.deepEqual(matching[0]!.responses.sort(), statusesOf(row).sort(), `${name}: answers`);
    }
    assert.equal(registered.length, Object.keys(OWNER_API).length, "a route registered past the table");
  });

  it("declares no row twice", () => {
    const keys = Object.values(OWNER_API).map((row) => `${row.method} ${row.path}`);
    assert.deepEqual(
      keys.filter((value, index) => keys.indexOf(value) !== index),
      [],
    );
  });
});
