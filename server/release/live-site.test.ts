/**
 * The running server follows releases/current: after a switch, pages, their ETags and CSP hashes come from
 * the new release, bundles of earlier releases stay reachable, and a release with other server code is
 * handed to a new process instead of being switched to in place.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp, loggerOptions } from "../app";
import { loadConfig } from "../config";
import { SiteFiles } from "../static/site-files";
import { createPgliteDatabase, type TestDatabase } from "../test-support/databases";
import { createReleasesFixture, pageScript, type ReleasesFixture } from "../test-support/release-fixture";
import { TEST_CONSENT } from "../test-support/test-app";
import { followReleases, startingRelease, type ReleaseFollower } from "./live-site";
import { publicDirOf, releaseDir, switchCurrent, type ReleaseInfo } from "./releases";

const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
const A = {
  id: "20261125T100000Z-aaaaaaa",
  marker: "Stand A",
  bundle: "app-aaaaaaaaaaaaaaaaaaaa.js",
  ownerAsset: "main-AAAAAAAA.js",
};
const B = {
  id: "20261125T110000Z-bbbbbbb",
  marker: "Stand B",
  bundle: "app-bbbbbbbbbbbbbbbbbbbb.js",
  ownerAsset: "main-BBBBBBBB.js",
};
const C = { id: "20261125T120000Z-ccccccc", marker: "Stand C", bundle: "app-cccccccccccccccccccc.js" };

describe("the server follows the live release", () => {
  let database: TestDatabase;
  let releases: ReleasesFixture;
  let app: FastifyInstance;
  let follower: ReleaseFollower;
  const handedOver: ReleaseInfo[] = [];

  before(async () => {
    database = await createPgliteDatabase();
    releases = createReleasesFixture();
    await releases.add(A);
    const started = startingRelease(releases.releasesDir, () => undefined);
    const site = new SiteFiles(publicDirOf(releases.releasesDir, started.id));
    const config = loadConfig({
      DATA_DIR: database.config.dataDir,
      RELEASES_DIR: releases.releasesDir,
      OWNER_EMAILS: "inhaber@urkraft-test.de",
    });
    app = await buildApp({ config, db: database.db, site, consentVersions: TEST_CONSENT, logger: loggerOptions("silent") });
    follower = followReleases({
      site,
      releasesDir: releases.releasesDir,
      started,
      log: app.log,
      onServerChange: async (release) => {
        handedOver.push(release);
        return false;
      },
    });
  });
  after(async () => {
    follower?.stop();
    await app?.close();
    await database?.drop();
    releases?.remove();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

  it("serves the new release's page, ETag and CSP after a switch, and the old bundle still", async () => {
    const before = await get("/");
    assert.match(before.body, /Stand A/);
    assert.ok(before.headers["content-security-policy"]?.toString().includes(hashOf(pageScript("Stand A"))));
    const oldEtag = String(before.headers.etag);

    await releases.add(B);
    await follower.check();
    assert.equal(follower.serving, B.id);

    const page = await get("/");
    assert.match(page.body, /Stand B/);
    const csp = String(page.headers["content-security-policy"]);
    assert.ok(csp.includes(hashOf(pageScript("Stand B"))), csp);
    assert.ok(!csp.includes(hashOf(pageScript("Stand A"))), csp);
    const revalidated = await get("/", { "if-none-match": oldEtag });
    assert.equal(revalidated.statusCode, 200, "the old ETag no longer matches");
    assert.notEqual(revalidated.headers.etag, oldEtag);

    const oldBundle = await get(`/${A.bundle}`);
    assert.equal(oldBundle.statusCode, 200);
    assert.match(oldBundle.body, /Stand A/);
    assert.equal(oldBundle.headers["cache-control"], "public, max-age=31536000, immutable");
    assert.equal((await get(`/${B.bundle}`)).statusCode, 200);
    // Pages and page data are never taken from an earlier release.
    assert.equal((await get("/gibt-es-nur-in-a")).statusCode, 404);
  });

  it("still serves the owner area's chunks of the earlier release, for an owner area opened before the switch", async () => {
    assert.equal(follower.serving, B.id);
    const oldChunk = await get(`/verwaltung/assets/${A.ownerAsset}`);
    assert.equal(oldChunk.statusCode, 200);
    assert.match(oldChunk.body, /Stand A/);
    assert.equal(oldChunk.headers["cache-control"], "public, max-age=31536000, immutable");
    assert.match((await get(`/verwaltung/assets/${B.ownerAsset}`)).body, /Stand B/);
    assert.match((await get("/verwaltung")).body, /Stand B/, "the shell only from the live release");
    assert.equal((await get("/verwaltung/assets/main-ZZZZZZZZ.js")).statusCode, 404);
  });

  it("goes back on a rollback, and follows a link to a deleted folder to the newest complete release", async () => {
    switchCurrent(releases.releasesDir, A.id);
    await follower.check();
    assert.match((await get("/")).body, /Stand A/);
    switchCurrent(releases.releasesDir, B.id);
    await follower.check();
    assert.equal(follower.serving, B.id);
    rmSync(releaseDir(releases.releasesDir, B.id), { recursive: true });
    await follower.check();
    assert.equal(follower.serving, A.id);
    assert.match((await get("/")).body, /Stand A/);
  });

  it("leaves the switch to a new process when the server code differs, and serves on meanwhile", async () => {
    await releases.add({ ...C, fingerprint: "other-server" });
    await follower.check();
    assert.deepEqual(
      handedOver.map((release) => release.id),
      [C.id],
    );
    assert.equal(follower.serving, A.id);
    assert.match((await get("/")).body, /Stand A/);
    await follower.check();
    assert.equal(handedOver.length, 1, "a failed handover is not tried again for the same release");
  });
});
