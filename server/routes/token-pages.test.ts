/**
 * The pages a lead link opens, served from a small stand-in for public/: the built page with the token
 * filled into its form, its own CSP and never cached; a plain page when the build lacks it; the button's
 * post refused from another site. PGlite and PostgreSQL.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { escapeHtml } from "../../common/escape-html";
import { HTTP_MESSAGES } from "../http/messages";
import { newToken } from "../services/link-tokens";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { TRUSTED_SCRIPTS_FILE } from "../../common/trusted-scripts";
import { FIXTURE_SCRIPTS, createSiteFixture, trustedScriptsFile, type SiteFixture } from "../test-support/site-fixture";
import { buildTestApp, postForm, type TestApp } from "../test-support/test-app";

const PAGE_SCRIPT = 'window.pagePath="/anmeldung-bestaetigen";';
const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;

/** As Gatsby renders src/pages/anmeldung-bestaetigen.tsx: an empty `value` on the hidden field. */
const BUILT_PAGE = `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Anmeldung bestätigen</title>
<script>${PAGE_SCRIPT}</script></head><body><main><h1>Anmeldung bestätigen</h1>
<form method="post" action="/api/leads/confirm" class="mt-8"><input type="hidden" name="token" value/><button type="submit" class="btn-primary">Ja, Anmeldung bestätigen</button></form>
</main></body></html>`;

for (const target of databaseTargets()) {
  describe(`link pages (${target.driver})`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let site: SiteFixture;
    let test: TestApp;

    before(async () => {
      database = await target.create();
      site = await createSiteFixture();
      await mkdir(path.join(site.dir, "anmeldung-bestaetigen"));
      await writeFile(path.join(site.dir, "anmeldung-bestaetigen", "index.html"), BUILT_PAGE);
      await writeFile(
        path.join(site.dir, TRUSTED_SCRIPTS_FILE),
        trustedScriptsFile([...Object.values(FIXTURE_SCRIPTS), PAGE_SCRIPT]),
      );
      test = await buildTestApp(database, {}, site.dir);
    });
    after(async () => {
      await test?.close();
      await database?.drop();
      await site?.remove();
    });

    /** A pending lead with a confirmation link and an unsubscribe link; returns both tokens. */
    async function lead(email: string): Promise<{ confirm: string; unsubscribe: string }> {
      const { rows } = await database.db.query<{ id: number }>(
        `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version)
         VALUES ($1, 'Lena', '/', 'v', 'v') RETURNING id`,
        [email],
      );
      const confirm = newToken();
      const unsubscribe = newToken();
      await database.db.query(
        `INSERT INTO lead_tokens (token_hash, lead_id, purpose, expires_at) VALUES ($1, $3, 'confirm', now() + interval '1 hour'),
                ($2, $3, 'unsubscribe', NULL)`,
        [confirm.hash, unsubscribe.hash, rows[0]!.id],
      );
      return { confirm: confirm.token, unsubscribe: unsubscribe.token };
    }

    const status = async (email: string) =>
      (await database.db.query<{ status: string }>("SELECT status FROM leads WHERE email = $1", [email])).rows[0]!.status;

    it("serves the built page with the token in its form, its script hashes in the CSP, never cached", async () => {
      const { confirm } = await lead("lena@example.de");
      const response = await test.app.inject({ method: "GET", url: `/anmeldung-bestaetigen?token=${confirm}` });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers["content-type"]), /^text\/html/);
      assert.equal(response.headers["cache-control"], "no-store");
      assert.equal(response.headers.etag, undefined);
      assert.ok(String(response.headers["content-security-policy"]).includes(hashOf(PAGE_SCRIPT)));
      assert.ok(response.body.includes(`<input type="hidden" name="token" value="${confirm}"/>`));
      assert.ok(response.body.includes("<h1>Anmeldung bestätigen</h1>"), "the page as built, not a stand-in");
      assert.equal(await status("lena@example.de"), "pending");
    });

    it("the plain page stands in when the build lacks the page, with the same form", async () => {
      const { unsubscribe } = await lead("ohne.build@example.de");
      const response = await test.app.inject({ method: "GET", url: `/abmelden?token=${unsubscribe}` });
      assert.equal(response.statusCode, 200);
      assert.match(response.body, /<form method="post" action="\/api\/leads\/unsubscribe">/);
      // In the editors' words, from the page's content file.
      const copy = JSON.parse(await readFile(path.resolve("content/pages/abmelden.json"), "utf8"));
      for (const words of [copy.hero.title, copy.hero.lead, copy.button])
        assert.ok(response.body.includes(escapeHtml(words)), words);
      assert.ok(response.body.includes(`value="${unsubscribe}"`));
      assert.doesNotMatch(String(response.headers["content-security-policy"]), /unsafe-inline[^;]*script|script-src[^;]*unsafe/);
      assert.equal(await status("ohne.build@example.de"), "pending");
    });

    it("the button's post from another site is refused; from the page it confirms", async () => {
      const { confirm } = await lead("fremd@example.de");
      for (const origin of ["https://boese.example", "null"]) {
        const refused = await postForm(test.app, "/api/leads/confirm", { token: confirm }, { origin });
        assert.equal(refused.statusCode, 403, origin);
        assert.ok(refused.body.includes(HTTP_MESSAGES.foreignOrigin), "the German answer");
      }
      assert.equal(await status("fremd@example.de"), "pending");
      const confirmed = await postForm(test.app, "/api/leads/confirm", { token: confirm }, { origin: "http://localhost" });
      assert.equal(confirmed.statusCode, 303);
      assert.equal(confirmed.headers.location, "/anmeldung-bestaetigt");
      assert.equal(await status("fremd@example.de"), "confirmed");
    });
  });
}
