/** @jest-environment node */
/**
 * Conditions in texts ({{#if …}}…{{else}}…{{/if}}) that the page could not read are refused where they are
 * written, at their line: a lost {{/if}} in the privacy statement would otherwise drop whole sections from
 * the built page without a word.
 */
import { legalPageProblems } from "../common/content/legal-pages";
import { contentProblems } from "../common/content/read-content";
import { changedContent, contentCopy, removeContentCopies } from "./support/content";

afterAll(removeContentCopies);

const changed = changedContent;
const blockProblems = (problems: string[]) => problems.filter((problem) => /\{\{(#|\/|else)/.test(problem));

describe("conditions in the texts", () => {
  it("refuses the privacy statement with one {{/if}} deleted, at the line where the next condition opens inside it", () => {
    let removedAt = 0;
    const dir = changed("legal/datenschutz.md", (text) => {
      const at = text.indexOf("{{/if}}");
      removedAt = text.slice(0, at).split("\n").length;
      return text.slice(0, at) + text.slice(at + "{{/if}}".length);
    });
    const problems = blockProblems(legalPageProblems(dir));
    expect(problems.length).toBeGreaterThan(0);
    const [first] = problems;
    expect(first).toMatch(
      /^content\/legal\/datenschutz\.md, Zeile (\d+): „\{\{#if [^}]+\}\}“ steht in der Bedingung aus Zeile (\d+); schließ sie zuerst mit \{\{\/if\}\}/,
    );
    const [, line, opened] = /Zeile (\d+): .* Zeile (\d+);/.exec(first!)!;
    expect(Number(opened)).toBeLessThanOrEqual(removedAt);
    expect(Number(line)).toBeGreaterThanOrEqual(removedAt);
  });

  it("refuses a condition never closed, an {{else}} or {{/if}} alone, a second {{else}} and unknown blocks", () => {
    const dir = changed(
      "legal/agb.md",
      (text) => `${text}\n{{#if email}}offen\n\nnur {{else}} hier\n\n{{#each stats}}x{{/each}}\n`,
    );
    const problems = blockProblems(legalPageProblems(dir));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/agb\.md, Zeile \d+: „\{\{#each stats\}\}“ gibt es nicht/),
        expect.stringMatching(/agb\.md, Zeile \d+: „\{\{\/each\}\}“ gibt es nicht; eine Bedingung endet mit \{\{\/if\}\}/),
        expect.stringMatching(/agb\.md, Zeile \d+: diese Bedingung \{\{#if …\}\} wird nie geschlossen/),
      ]),
    );
    const alone = changed("legal/agb.md", (text) => `${text}\nnur {{else}} hier {{/if}}\n`);
    expect(blockProblems(legalPageProblems(alone))).toEqual([
      expect.stringMatching(/„\{\{else\}\}“ steht außerhalb einer Bedingung/),
      expect.stringMatching(/„\{\{\/if\}\}“ schließt keine Bedingung/),
    ]);
  });

  it("refuses the same in the pages' texts, naming the field", () => {
    const dir = changed("pages/kontakt-unterstuetzung.json", (text) => text.replace("{{/if}}", ""));
    expect(blockProblems(contentProblems(dir, { production: false }))).toEqual([
      expect.stringMatching(
        /^content\/pages\/kontakt-unterstuetzung\.json, Feld „[^“]+“: diese Bedingung \{\{#if …\}\} wird nie geschlossen/,
      ),
    ]);
  });

  it("passes the texts as they are", () => {
    const dir = contentCopy();
    expect(blockProblems([...legalPageProblems(dir), ...contentProblems(dir, { production: false })])).toEqual([]);
  });
});
