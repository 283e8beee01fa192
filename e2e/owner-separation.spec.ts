/**
 * The public site does not carry the owner area, checked on the very build the browser tests serve:
 * no public page's HTML or JavaScript names it (rig/audit/owner-area.ts), the owner area is
 * built in its own folder, and this server, started without OWNER_EMAILS, serves none of it.
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ownerShell, ownerTraces } from "../rig/audit/owner-area";
import { ROUTES } from "../common/routes";

const PUBLIC_DIR = path.resolve(__dirname, "../public");

test("no public page's HTML or JavaScript contains the owner area, which is built in its own folder", () => {
  expect(ownerTraces(PUBLIC_DIR)).toEqual([]);
  expect(ownerShell(PUBLIC_DIR)).toMatch(/<script type="module" src="\/verwaltung\/assets\/main-[A-Z0-9]{8}\.js"><\/script>/);
});

test("without OWNER_EMAILS the server answers 404 for the owner area's shell and bundle", async ({ request }) => {
  const script = /src="(\/verwaltung\/assets\/[^"]+)"/.exec(ownerShell(PUBLIC_DIR) ?? "")?.[1];
  expect(script).toBeDefined();
  for (const url of [ROUTES.owner.path, "/verwaltung/anmelden", script!]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    expect(await response.text(), url).not.toContain("Verwaltung | Urkraft");
  }
});
