/**
 * The benchmark's lead check, against the real server and both storage drivers: a short run must end
 * with every 202 answer stored, and a lead that was lost or stored without 202 must be reported.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { POSTGRES_ADMIN_URL, postgresSkipReason } from "../../server/test-support/databases";
import { checkLeads, loadLeads, loadRefusedLeads, type LeadTrace } from "./load";
import { createTempDatabase } from "./postgres";
import { cpuSecondsFromStat, startServer, type BenchServer } from "./server";
import { storedLeadEmails } from "./stored-leads";

const projectDir = path.resolve(__dirname, "../..");

describe("checkLeads", () => {
  const trace: LeadTrace = {
    sent: ["a@x.de", "b@x.de", "c@x.de", "d@x.de"],
    answers: new Map([
      ["a@x.de", 202],
      ["b@x.de", 202],
      ["c@x.de", 400],
    ]),
  };

  it("accepts every 202 stored, plus requests still open when the run stopped", () => {
    const check = checkLeads(trace, ["a@x.de", "b@x.de", "d@x.de"]);
    assert.deepEqual(check, { accepted: 2, stored: 3, storedWithoutAnswer: 1, lost: [], unexpected: [], ok: true });
  });

  it("reports a 202 without its lead, and a lead stored after an error answer or never sent", () => {
    const check = checkLeads(trace, ["a@x.de", "c@x.de", "fremd@x.de"]);
    assert.deepEqual(check.lost, ["b@x.de"]);
    assert.deepEqual(check.unexpected, ["c@x.de", "fremd@x.de"]);
    assert.equal(check.ok, false);
  });
});

describe("cpuSecondsFromStat", () => {
  it("adds user and system time, in clock ticks of 1/100 s, also when the command name has spaces and parentheses", () => {
    const stat = "4242 (node (server) x) S 1 4242 4242 0 -1 4194304 5000 0 0 0 1234 567 0 0 20 0 11 0 100 1000000 20000";
    assert.equal(cpuSecondsFromStat(stat), 18.01);
  });
});

describe("a short load run against the real server", () => {
  for (const driver of ["pglite", "postgres"] as const) {
    it(
      `stores exactly the leads answered with 202 (${driver})`,
      { skip: driver === "postgres" && postgresSkipReason(), timeout: 180_000 },
      async () => {
        const database = driver === "postgres" ? await createTempDatabase(POSTGRES_ADMIN_URL) : undefined;
        let server: BenchServer | undefined;
        try {
          server = await startServer({ projectDir, databaseUrl: database?.url });
          const prefix = `probe-${process.pid}-${driver}-`;
          let run;
          let refused;
          const cpu: (number | undefined)[] = [];
          try {
            cpu.push(server.cpuSeconds());
            run = await loadLeads(server.baseUrl, 4, 1, prefix);
            cpu.push(server.cpuSeconds());
            refused = await loadRefusedLeads(server.baseUrl, 4, 1);
          } finally {
            await server.stop();
          }
          const stored = await storedLeadEmails({ databaseUrl: server.databaseUrl, dataDir: server.dataDir }, prefix);

          assert.equal(run.figures.non2xx, 0);
          assert.equal(run.figures.errors, 0);
          assert.ok(run.figures.statusCodes["202"] > 0, "some leads were accepted");
          const check = checkLeads(run.trace, stored);
          assert.equal(check.accepted, run.figures.statusCodes["202"]);
          assert.ok(check.ok, JSON.stringify({ lost: check.lost, unexpected: check.unexpected }));
          assert.equal(check.stored - check.storedWithoutAnswer, check.accepted);
          // The reference run without the database: every post refused with 400, none stored.
          assert.ok(refused.requests > 0 && refused.ceiling);
          assert.deepEqual(Object.keys(refused.statusCodes), ["400"]);
          assert.equal(refused.non2xx, refused.requests);
          // The bench's memory figure: the kernel's peak for the server process, kept after it stopped.
          const memory = server.memory();
          if (process.platform === "linux") {
            // The CPU figure: the server worked during the run, and not for longer than the run lasted per core.
            const [before, after] = cpu as [number, number];
            assert.ok(
              after - before > 0 && after - before < run.figures.durationS * os.cpus().length + 1,
              `${before} → ${after}`,
            );
            assert.equal(server.cpuSeconds(), undefined, "no figure from a stopped server");
            assert.ok(memory && memory.peakBytes >= memory.currentBytes && memory.currentBytes > 20e6, JSON.stringify(memory));
            assert.ok(memory.startPeakBytes > 20e6, JSON.stringify(memory));
          }
        } finally {
          if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
          await database?.drop();
        }
      },
    );
  }
});
