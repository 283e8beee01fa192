/** The newsletter export, read page by page: every confirmed lead once, in order of confirmation. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { databaseTargets } from "../test-support/databases";
import { confirmedLeadsCsv, NEWSLETTER_COLUMNS } from "./lead-list";

async function exported(...args: Parameters<typeof confirmedLeadsCsv>): Promise<{ lines: string[]; pieces: number }> {
  let text = "";
  let pieces = 0;
  for await (const piece of confirmedLeadsCsv(...args)) {
    text += piece;
    // A cursor that goes back would read the same page for ever.
    if (++pieces > 100) assert.fail("the export does not end");
  }
  assert.ok(text.endsWith("\r\n"), "every line ends with CRLF");
  return { lines: text.slice(0, -2).split("\r\n"), pieces };
}

for (const target of databaseTargets()) {
  test(
    `the export pages through confirmed leads without losing or repeating one (${target.driver})`,
    { skip: target.skip },
    async () => {
      const database = await target.create();
      try {
        // Times that differ below the millisecond, and two that are equal: a cursor that kept only what a
        // JavaScript Date holds would repeat or skip some of them.
        await database.db.exec(`
        INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, confirmed_at)
        VALUES ('c@example.de', 'Carla C', '/', 'k1', 'p1', 'confirmed', '2026-03-01T10:00:00.000300Z'),
               ('a@example.de', 'Anna A', '/', 'k1', 'p1', 'confirmed', '2026-03-01T10:00:00.000100Z'),
               ('offen@example.de', 'Otto Offen', '/', 'k1', 'p1', 'pending', NULL),
               ('b@example.de', 'Bernd B', '/', 'k1', 'p1', 'confirmed', '2026-03-01T10:00:00.000200Z'),
               ('d@example.de', 'Dora D', '/gesunde-rezepte', 'k1', 'p1', 'confirmed', '2026-03-01T10:00:00.000300Z'),
               ('e@example.de', 'Emil E', '/', 'k1', 'p1', 'confirmed', '2026-03-02T08:00:00Z')`);
        const emailsOf = (lines: string[]) => lines.slice(1).map((line) => line.split(",")[0]);
        const expected = ["a@example.de", "b@example.de", "c@example.de", "d@example.de", "e@example.de"];

        for (const pageRows of [1, 2, 5, 1000]) {
          const counts: number[] = [];
          const { lines, pieces } = await exported(database.db, (n) => counts.push(n), pageRows);
          assert.equal(lines[0], NEWSLETTER_COLUMNS.join(","), `header, ${pageRows} per page`);
          assert.deepEqual(emailsOf(lines), expected, `${pageRows} per page`);
          assert.equal(
            counts.reduce((sum, n) => sum + n, 0),
            5,
            `${pageRows} per page: the counts add up to the leads`,
          );
          assert.equal(pieces, 1 + Math.ceil(5 / pageRows), `${pageRows} per page: one piece per page after the header`);
        }
        const { lines } = await exported(database.db);
        assert.equal(lines[4], "d@example.de,Dora,D,Dora D,2026-03-01T10:00:00.000Z,/gesunde-rezepte,k1,p1");

        await database.db.exec("UPDATE leads SET status = 'pending', confirmed_at = NULL");
        assert.deepEqual((await exported(database.db)).lines, [NEWSLETTER_COLUMNS.join(",")], "no leads: the header alone");
      } finally {
        await database.drop();
      }
    },
  );
}
