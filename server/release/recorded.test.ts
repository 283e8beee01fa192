/**
 * Instances sharing PostgreSQL converge on the release recorded there: an instance whose own `current` still
 * names the old release switches within its next check once the recorded release's folder is complete, and
 * waits (serving on) while the folder has not arrived yet.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import Fastify from "fastify";
import { Writable } from "node:stream";
import { SiteFiles } from "../static/site-files";
import { createPostgresDatabase, postgresSkipReason, type TestDatabase } from "../test-support/databases";
import { createReleasesFixture, type ReleasesFixture } from "../test-support/release-fixture";
import { followReleases, type ReleaseFollower } from "./live-site";
import { recordRelease, recordedRelease } from "./recorded";
import { pointedRelease, publicDirOf } from "./releases";

const A = { id: "20261125T100000Z-aaaaaaa", marker: "Stand A", bundle: "app-aaaaaaaaaaaaaaaaaaaa.js" };
const B = { id: "20261125T110000Z-bbbbbbb", marker: "Stand B", bundle: "app-bbbbbbbbbbbbbbbbbbbb.js" };

describe("the live release recorded in PostgreSQL", { skip: postgresSkipReason() }, () => {
  let database: TestDatabase;
  let releases: ReleasesFixture;
  let follower: ReleaseFollower;
  const warnings: string[] = [];

  before(async () => {
    database = await createPostgresDatabase();
    releases = createReleasesFixture();
  });
  after(async () => {
    follower?.stop();
    await database?.drop();
    releases?.remove();
  });

  it("brings an instance to the recorded release once its folder is there", async () => {
    const started = await releases.add(A);
    const site = new SiteFiles(publicDirOf(releases.releasesDir, A.id));
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(chunk.toString("utf8"));
        done();
      },
    });
    const { log } = Fastify({ logger: { level: "warn", stream } });
    follower = followReleases({
      site,
      releasesDir: releases.releasesDir,
      started,
      log,
      recorded: () => recordedRelease(database.db),
      onServerChange: async () => false,
    });
    assert.equal(await recordedRelease(database.db), undefined);
    await follower.check();
    assert.equal(follower.serving, A.id);

    await recordRelease(database.db, B.id);
    await follower.check();
    assert.equal(follower.serving, A.id, "B has not arrived on this machine");
    assert.match(warnings.join("\n"), new RegExp(`Release ${B.id} ist in der Datenbank live, fehlt aber`));

    await releases.add({ ...B, live: false });
    assert.equal(pointedRelease(releases.releasesDir), A.id);
    await follower.check();
    assert.equal(pointedRelease(releases.releasesDir), B.id);
    assert.equal(follower.serving, B.id);
    assert.equal(site.publicDir, publicDirOf(releases.releasesDir, B.id));
  });
});
