/** CSV for German Excel: BOM, semicolons, quoting, and no formula ever runs from a visitor's input. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { csvCell, toCsv } from "./csv";

describe("toCsv", () => {
  it("starts with a UTF-8 BOM, separates with ; and ends lines with CRLF", () => {
    const csv = toCsv(
      ["ID", "Name"],
      [
        [1, "Jürgen Groß"],
        [2, "José"],
      ],
    );
    assert.equal(csv, "\uFEFFID;Name\r\n1;Jürgen Groß\r\n2;José\r\n");
    assert.deepEqual([...Buffer.from(csv, "utf8").subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  });

  it("quotes cells with separators, quotes, line breaks or edge spaces", () => {
    assert.equal(csvCell("Müller; Max"), '"Müller; Max"');
    assert.equal(csvCell('Max "der Starke"'), '"Max ""der Starke"""');
    assert.equal(csvCell("Zeile 1\r\nZeile 2"), '"Zeile 1\r\nZeile 2"');
    assert.equal(csvCell(" Max"), '" Max"');
    assert.equal(csvCell("Max"), "Max");
    assert.equal(csvCell(null), "");
    assert.equal(csvCell(42), "42");
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    assert.equal(csvCell('=HYPERLINK("http://boese.example")'), '"\'=HYPERLINK(""http://boese.example"")"');
    assert.equal(csvCell("+49 89 123"), "'+49 89 123");
    assert.equal(csvCell("-2+3"), "'-2+3");
    assert.equal(csvCell("@SUM(A1)"), "'@SUM(A1)");
    assert.equal(csvCell("\t=1"), "'\t=1");
    assert.equal(csvCell("Max=Moritz"), "Max=Moritz");
  });
});
