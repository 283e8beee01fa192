/**
 * Both privacy texts say whether a data protection officer is appointed, from the owner's fact in
 * content/site.json: „keiner“ gives the sentence that none is (§ 38 BDSG), a name gives the way to reach them,
 * and an empty fact shows the note to fill it in (a production build refuses it, editorial-checks.test.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { readFrontMatter } from "../common/content/front-matter";
import { fillPlaceholders } from "../common/content/placeholders";

const CONTENT = path.join(__dirname, "../content");
const site = JSON.parse(readFileSync(path.join(CONTENT, "site.json"), "utf8")) as { deployment: Record<string, string> };
const texts = ["datenschutz", "personenbezogene-daten"].map(
  (slug) => readFrontMatter(readFileSync(path.join(CONTENT, `legal/${slug}.md`), "utf8")).content,
);
const withOfficer = (value: string) => ({ ...site, deployment: { ...site.deployment, dataProtectionOfficer: value } });

test.each(texts.map((text, index) => [["datenschutz", "personenbezogene-daten"][index], text]))(
  "%s names the officer or says none is needed",
  (_slug, text) => {
    expect(fillPlaceholders(text as string, withOfficer("keiner"))).toContain(
      "Einen Datenschutzbeauftragten haben wir nicht benannt, weil wir dazu nicht verpflichtet sind (§ 38 BDSG).",
    );
    const named = fillPlaceholders(text as string, withOfficer("Erika Muster, datenschutz@urkraft.de"));
    expect(named).toContain("Unseren Datenschutzbeauftragten erreichst du so: Erika Muster, datenschutz@urkraft.de.");
    expect(named).not.toContain("nicht benannt");
    expect(fillPlaceholders(text as string, withOfficer(""))).toContain(
      "[in content/site.json eintragen: deployment.dataProtectionOfficer]",
    );
  },
);
