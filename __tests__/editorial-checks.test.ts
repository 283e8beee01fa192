/** @jest-environment node */
/**
 * What the content check enforces beyond the files' shape: statistics with their basis (§ 5 UWG), German
 * typography, the legal texts' revision date, and no empty deployment fact in a production build.
 */
import fs from "node:fs";
import path from "node:path";
import { contentProblems } from "../common/content/read-content";
import { legalPageProblems } from "../common/content/legal-pages";
import { emptyDeploymentFacts } from "../common/content/editorial-checks";
import { DEPLOYMENT_OPTIONAL } from "../common/content/content-schema";
import { CONTENT_DIR, changedContent, readContent, removeContentCopies } from "./support/content";

afterAll(removeContentCopies);

const changed = changedContent;
function changedJson(file: string, change: (data: any) => void): string {
  return changed(file, (text) => {
    const data = JSON.parse(text);
    change(data);
    return JSON.stringify(data, null, 2);
  });
}
const dev = (dir: string) => contentProblems(dir, { production: false });

describe("statistics stand with their basis", () => {
  it("refuses a percentage written into page copy", () => {
    const dir = changedJson("pages/home.json", (page) => {
      page.results.weekTwoText = "Schon 9 von 10 Männern, genauer 91 %, merken es sofort.";
    });
    expect(dev(dir)).toEqual([
      expect.stringMatching(/^content\/pages\/home\.json, Feld „results\.weekTwoText“: nennt eine Prozentzahl ohne Grundlage/),
    ]);
  });

  it("lets the FAQ repeat the week-two figure with a pointer to its basis and the same number of answers", () => {
    const faq = readContent<{ answer: string }[]>("faq.json");
    expect(faq[0].answer).toBe(
      "Das hängt von deinem Ausgangspunkt ab. Von 1.240 Teilnehmern, die uns zwei Wochen nach ihrer Anmeldung geantwortet haben, gaben 78\u00a0% an, eine Verbesserung zu spüren – die Grundlage steht auf unserer Startseite. Bei dir kann es schneller oder langsamer gehen.",
    );
    expect(dev(CONTENT_DIR)).toEqual([]);
    const unknown = changedJson("faq.json", (faqs) => {
      faqs[0].answer = faqs[0].answer.replace("78\u00a0%", "79\u00a0%");
    });
    expect(dev(unknown)).toEqual([
      expect.stringMatching(/^content\/faq\.json, Feld „\[0\]\.answer“: nennt eine Prozentzahl ohne Grundlage/),
    ]);
    // The figure follows the stat: a new week-two figure leaves the old one in the FAQ unproven.
    const newFigure = changedJson("site.json", (site) => {
      site.stats.weekTwoPercent = 80;
    });
    expect(dev(newFigure)).toEqual([
      expect.stringMatching(/^content\/faq\.json, Feld „\[0\]\.answer“: nennt eine Prozentzahl ohne Grundlage/),
    ]);
    const noPointer = changedJson("faq.json", (faqs) => {
      faqs[0].answer = faqs[0].answer.replace(" – die Grundlage steht auf unserer Startseite", "");
    });
    expect(dev(noPointer)).toEqual([
      "content/faq.json, Feld „[0].answer“: nennt 78\u00a0% ohne Hinweis auf die Grundlage; sag, wo sie steht (z.\u00a0B. „die Grundlage steht auf unserer Startseite“)",
    ]);
    const otherCount = changedJson("faq.json", (faqs) => {
      faqs[0].answer = faqs[0].answer.replace("1.240", "1.500");
    });
    expect(dev(otherCount)).toEqual([
      "content/faq.json, Feld „[0].answer“: nennt 1.500 Teilnehmer, die Grundlage der 78\u00a0% (content/site.json, Feld „stats.weekTwoBasis“) aber 1.240 Antworten; beide müssen dieselbe Zahl nennen",
    ]);
  });

  it("refuses a majority claimed without a figure, also in list files", () => {
    const dir = changedJson("faq.json", (faqs) => {
      faqs[0].answer = "Die meisten merken schon nach wenigen Tagen einen Unterschied.";
    });
    expect(dev(dir)).toEqual([
      expect.stringMatching(/^content\/faq\.json, Feld „\[0\]\.answer“: „Die meisten“ behauptet einen Anteil ohne Grundlage/),
    ]);
  });

  it("wants the user count's basis to name the figure the home page shows, and every basis its date", () => {
    const site = readContent<{ stats: { users: number } }>("site.json");
    const shown = site.stats.users.toLocaleString("de-DE");
    const dir = changedJson("site.json", (data) => {
      data.stats.usersBasis = "Teilnehmer, die das Programm abgeschlossen haben; interne Auswertung, Stand: Oktober 2026.";
      data.stats.weekTwoBasis = "Befragung von Teilnehmern nach 14 Tagen.";
    });
    expect(dev(dir)).toEqual([
      "content/site.json, Feld „stats.weekTwoBasis“: muss sagen, auf welchem Stand die Zahl ist (z.\u00a0B. „Stand: Oktober 2026“)",
      "content/site.json, Feld „stats.weekTwoBasis“: muss sagen, auf wie vielen Antworten die Zahl beruht („Antworten von 1.240 Teilnehmern, befragt …“)",
      `content/site.json, Feld „stats.usersBasis“: muss die Zahl ${shown} nennen, die die Startseite zeigt („über ${shown}“)`,
    ]);
    const results = changedJson("pages/ernaehrung-traditionell.json", (page) => {
      page.results.basis = "Antworten von 860 Teilnehmern nach drei Monaten.";
    });
    expect(dev(results)).toEqual([
      expect.stringMatching(
        /^content\/pages\/ernaehrung-traditionell\.json, Feld „results\.basis“: muss sagen, auf welchem Stand/,
      ),
    ]);
  });
});

describe("no health claim around the drink (HCVO)", () => {
  it("refuses „Energiedrink“ anywhere, and caffeine or energy in a text about the drink", () => {
    const dir = changedJson("pages/ernaehrung-traditionell.json", (page) => {
      page.drink.title = "Unser natürlicher Energiedrink";
      page.drink.intro = "Statt Koffein aus der Dose: Hafer, Banane und Ingwer.";
      page.comparison.rows[2].after = "Ein Apfel und der Ingwer-Hafer-Drink gegen das Tief";
    });
    expect(dev(dir)).toEqual([
      "content/pages/ernaehrung-traditionell.json, Feld „drink.title“: „Energiedrink“ – hier gibt es ein Drink-Rezept, keinen Energiedrink (HCVO); schreib „Ingwer-Hafer-Drink“ oder „Drink-Rezept“",
      "content/pages/ernaehrung-traditionell.json, Feld „comparison.rows[2].after“: verbindet den Drink mit „gegen das Tief“ – eine gesundheitsbezogene Angabe (HCVO); beschreib ihn als Rezept",
      "content/pages/ernaehrung-traditionell.json, Feld „drink.intro“: verbindet den Drink mit „Koffein“ – eine gesundheitsbezogene Angabe (HCVO); beschreib ihn als Rezept",
    ]);
    const recipe = changedJson("recipes.json", (recipes) => {
      recipes.find((r: { category: string }) => r.category === "Drink").benefit = "Ganz ohne Koffein und trotzdem wach.";
    });
    expect(dev(recipe)).toEqual([
      expect.stringMatching(/^content\/recipes\.json, Feld „\[\d\]\.benefit“: verbindet den Drink mit „Koffein“/),
    ]);
  });

  it("keeps the caffeine notices, which the law asks for", () => {
    expect(dev(CONTENT_DIR)).toEqual([]);
    expect(readContent<{ caffeineWarning: string }>("notices.json").caffeineWarning).toMatch(/Koffein/);
  });
});

describe("the results beside food report what participants do, not an effect on the body (HCVO)", () => {
  it.each([
    ["der Befragten gaben an, im Alltag mehr Energie zu haben", "Energie"],
    ["der Befragten gaben an, besser zu schlafen", "schlaf"],
    ["der Befragten gaben an, bei körperlicher Arbeit mehr Ausdauer zu haben", "Ausdauer"],
    ["der Befragten fühlen sich fitter", "fitter"],
  ])("refuses %p", (label, word) => {
    const results = changedJson("results.json", (list) => {
      list[1].label = label;
    });
    expect(dev(results)).toEqual([
      `content/results.json, Feld „[1].label“: „${word}“ – neben Essen und einem Drink-Rezept berichtet eine Zahl, was die Befragten tun (z.\u00a0B. selbst kochen, zu festen Zeiten essen), keine Wirkung auf den Körper (HCVO Art. 10)`,
    ]);
  });
});

describe("survey figures read as what respondents said", () => {
  it("refuses a percentage of the survey whose label does not name „Befragte“", () => {
    const results = changedJson("results.json", (list) => {
      list[0].label = "kochen an vier Tagen der Woche selbst";
    });
    expect(dev(results)).toEqual([
      "content/results.json, Feld „[0].label“: eine Prozentzahl der Befragung muss als Angabe der Befragten dastehen (z.\u00a0B. „der Befragten gaben an, …“)",
    ]);
    const weekTwo = changedJson("pages/home.json", (page) => {
      page.results.weekTwoLabel = "spüren eine Verbesserung in der zweiten Woche";
    });
    expect(dev(weekTwo)).toEqual([
      "content/pages/home.json, Feld „results.weekTwoLabel“: eine Prozentzahl der Befragung muss als Angabe der Befragten dastehen (z.\u00a0B. „der Befragten gaben an, …“)",
    ]);
  });
});

describe("German typography", () => {
  it("wants a no-break space inside „z. B.“ and before „Uhr“, and German quotes", () => {
    const dir = changedJson("pages/home.json", (page) => {
      page.form.note = 'Zum Beispiel z. B. um 7:30 Uhr, "jederzeit".';
    });
    expect(dev(dir)).toEqual([
      expect.stringContaining("Feld „form.note“: „z. B.“ mit geschütztem Leerzeichen"),
      expect.stringContaining("Feld „form.note“: vor „Uhr“ gehört ein geschütztes Leerzeichen"),
      expect.stringContaining("Feld „form.note“: gerade Anführungszeichen"),
    ]);
    const fixed = changedJson("pages/home.json", (page) => {
      page.form.note = "Zum Beispiel z.\u00a0B. um 7:30\u00a0Uhr, „jederzeit“.";
    });
    expect(dev(fixed)).toEqual([]);
  });

  it("checks the legal texts' words, not their links", () => {
    const dir = changed("legal/agb.md", (text) => `${text}\n\nAb {{planMailTime}} Uhr, z. B. [hier](/datenschutz).\n`);
    expect(legalPageProblems(dir).filter((problem) => !problem.includes("fingerprint"))).toEqual([
      "content/legal/agb.md: „z. B.“ mit geschütztem Leerzeichen schreiben (z.&nbsp;B.)",
      "content/legal/agb.md: vor „Uhr“ gehört ein geschütztes Leerzeichen (&nbsp;), nicht ein normales",
    ]);
  });

  it("refuses HTML and links that leave the site's kinds of address in a legal text, at their line", () => {
    const dir = changed("legal/agb.md", (text) => `${text}\n<a href="/datenschutz">hier</a>\n[Mehr](http://beispiel.de)\n`);
    const lines = fs.readFileSync(path.join(dir, "legal", "agb.md"), "utf8").split("\n").length;
    expect(legalPageProblems(dir).filter((problem) => !problem.includes("fingerprint"))).toEqual([
      `content/legal/agb.md, Zeile ${lines - 2}: HTML („<a…“) ist in Rechtstexten nicht erlaubt; schreib Links als [Linktext](/seite), [Linktext](https://…) oder [Linktext](mailto:…)`,
      `content/legal/agb.md, Zeile ${lines - 1}: Linkziel „http://beispiel.de“ geht nicht; erlaubt sind Seiten der Website (/datenschutz), https://-Adressen und mailto:-Adressen`,
    ]);
  });
});

describe("legal texts name their revision", () => {
  it("wants a revised date in the front matter", () => {
    const dir = changed("legal/datenschutz.md", (text) => text.replace(/^revised:.*\n/m, ""));
    expect(legalPageProblems(dir)).toEqual([
      'content/legal/datenschutz.md, Kopfbereich, Feld „revised“: fehlt oder ist kein Datum; den Tag der letzten Änderung als revised: "JJJJ-MM-TT" eintragen',
    ]);
  });
});

describe("the privacy texts' revision follows what they render", () => {
  it("wants a new revised date and fingerprint when a site.json value they state changes", () => {
    const dir = changedJson("site.json", (data) => {
      data.retention.contactRequestDays = 90;
    });
    expect(legalPageProblems(dir)).toEqual([
      expect.stringMatching(
        /^content\/legal\/datenschutz\.md, Kopfbereich, Feld „fingerprint“: der Text hat sich geändert \(auch durch Werte aus content\/site\.json, die er nennt\); revised auf den heutigen Tag setzen und fingerprint: "sha256:[0-9a-f]{12}" eintragen$/,
      ),
      expect.stringMatching(/^content\/legal\/personenbezogene-daten\.md, Kopfbereich, Feld „fingerprint“/),
    ]);
    expect(legalPageProblems(CONTENT_DIR)).toEqual([]);
  });
});

describe("deployment facts", () => {
  const site = readContent<{ deployment: Record<string, string> }>("site.json");
  const optional = DEPLOYMENT_OPTIONAL as readonly string[];
  const filledIn = (data: any) => {
    for (const key of Object.keys(data.deployment)) data.deployment[key] = optional.includes(key) ? "" : "ja";
    data.deployment.accessLogDays = "7";
    data.deployment.backupDays = "14";
    data.deployment.checkedOn = "2026-11-26";
    data.deployment.mailTrackingOffOn = "2026-11-30";
    data.deployment.accessibilityCheckedOn = "2026-11-30";
  };
  /** The deployment facts' problems; the evidence behind the figures has its own test (evidence-checks.test.ts). */
  const production = (dir: string) =>
    contentProblems(dir, { production: true }).filter((problem) => problem.includes("deployment."));

  it("may stay empty in development, and are listed as still to fill", () => {
    expect(dev(CONTENT_DIR)).toEqual([]);
    const empty = Object.keys(site.deployment).filter((key) => site.deployment[key] === "" && !optional.includes(key));
    expect(emptyDeploymentFacts(site.deployment)).toEqual(empty.map((key) => `deployment.${key}`));
  });

  it("stop a production build while one the texts state is empty; the optional webhook recipient may stay empty", () => {
    const dir = changedJson("site.json", (data) => {
      filledIn(data);
      data.deployment.mailboxProvider = "";
    });
    expect(production(dir)).toEqual([
      "content/site.json, Feld „deployment.mailboxProvider“: ist noch leer; die Datenschutztexte nennen diesen Wert – vor dem Livegang eintragen",
    ]);
    expect(contentProblems(dir, { production: false })).toEqual([]);
    const complete = changedJson("site.json", filledIn);
    expect(production(complete)).toEqual([]);
  });

  it("stop a production build until the owner says whether a data protection officer is appointed", () => {
    const dir = changedJson("site.json", (data) => {
      filledIn(data);
      data.deployment.dataProtectionOfficer = "";
    });
    expect(production(dir)).toEqual([
      "content/site.json, Feld „deployment.dataProtectionOfficer“: ist noch leer; die Datenschutztexte sagen, ob ihr einen Datenschutzbeauftragten habt. Zählt, wie viele Personen ständig mit personenbezogenen Daten umgehen: unter 20 (und keine Verarbeitung, die eine Folgenabschätzung braucht) trag „keiner“ ein, sonst Name und Kontakt der benannten Person (§ 38 BDSG, Art. 37 DSGVO) – vorher geht die Website nicht live",
    ]);
  });

  it("stop a production build until the owner has checked that the mail provider counts no opens and clicks", () => {
    const dir = changedJson("site.json", (data) => {
      filledIn(data);
      data.deployment.mailTrackingOffOn = "";
    });
    expect(production(dir)).toEqual([
      "content/site.json, Feld „deployment.mailTrackingOffOn“: ist noch leer; die Datenschutztexte sagen, dass wir Öffnungen und Klicks nicht messen. Schalte die Öffnungs- und Klickzählung beim Versanddienst ab, schick dir mit „npm run leads -- mail-check ADRESSE“ eine E-Mail jeder Art und prüf ihren Quelltext: kein Bild, das die Website nicht selbst eingefügt hat, kein Link, der auf eine fremde Adresse umgeschrieben ist. Trag dann den Tag der Prüfung ein (JJJJ-MM-TT) – vorher geht die Website nicht live",
    ]);
    const notADate = changedJson("site.json", (data) => {
      filledIn(data);
      data.deployment.mailTrackingOffOn = "abgeschaltet";
    });
    expect(dev(notADate)).toContain(
      "content/site.json, Feld „deployment.mailTrackingOffOn“: muss ein Datum im Format JJJJ-MM-TT sein (oder leer, solange unbekannt)",
    );
  });

  it("name a country outside the EU with its safeguard, and „euOnly“ agrees with them", () => {
    const abroad = changedJson("site.json", (data) => {
      filledIn(data);
      data.deployment.mailCountry = "USA";
    });
    expect(production(abroad)).toEqual([
      "content/site.json, Feld „deployment.mailSafeguard“: fehlt; zu einem Land außerhalb der EU gehört die Garantie (z.\u00a0B. „Standardvertragsklauseln“)",
      "content/site.json, Feld „deployment.euOnly“: ist „ja“, aber „deployment.mailCountry“ nennt ein Land außerhalb der EU",
    ]);
    const nowhere = changedJson("site.json", (data) => {
      filledIn(data);
      data.deployment.euOnly = "nein";
    });
    expect(production(nowhere)).toEqual([
      "content/site.json, Feld „deployment.euOnly“: ist „nein“, aber kein Feld „deployment.…Country“ nennt ein Land außerhalb der EU; trag Land und Garantie beim Dienstleister ein",
    ]);
    const named = changedJson("site.json", (data) => {
      filledIn(data);
      data.deployment.euOnly = "nein";
      data.deployment.mailCountry = "USA";
      data.deployment.mailSafeguard = "EU-US Data Privacy Framework";
      data.deployment.webhookRecipients = "Beispiel CRM GmbH, Berlin";
    });
    expect(production(named)).toEqual([
      "content/site.json, Feld „deployment.webhookRetention“: fehlt; die Datenschutztexte sagen, wie lange der Webhook-Empfänger die Angaben speichert (z.\u00a0B. „bis zu deiner Abmeldung oder Löschung“)",
    ]);
  });

  it("take only „ja“ or „nein“ where the texts branch on them", () => {
    const dir = changedJson("site.json", (data) => {
      data.deployment.euOnly = "vielleicht";
    });
    expect(dev(dir)).toEqual([
      "content/site.json, Feld „deployment.euOnly“: muss „ja“ oder „nein“ sein (oder leer, solange unbekannt)",
    ]);
  });
});

describe("the legal texts describe the drink as a recipe too", () => {
  it("refuses „Energiedrinks“ in the Impressum, naming the file's line", () => {
    const dir = changed("legal/impressum.md", (text) =>
      text.replace("Bewegung, Ernährung und Rezepten", "Bewegung, Ernährung und Energiedrinks"),
    );
    expect(legalPageProblems(dir)).toEqual([
      "content/legal/impressum.md, Zeile 10: „Energiedrink“ – hier gibt es ein Drink-Rezept, keinen Energiedrink (HCVO); schreib „Ingwer-Hafer-Drink“ oder „Drink-Rezept“",
    ]);
    expect(legalPageProblems(CONTENT_DIR)).toEqual([]);
  });
});

describe("the hero and the recipes make no claim about a food or a drink", () => {
  it("refuses a drink in the hero lead under an energy headline, and „leicht“ in a recipe's benefit", () => {
    expect(dev(CONTENT_DIR)).toEqual([]);
    const hero = changedJson("pages/home.json", (data) => {
      data.hero.lead = `${data.hero.lead} Und ein Drink aus echten Zutaten.`;
    });
    expect(dev(hero)).toEqual([
      "content/pages/home.json, Feld „hero.lead“: nennt „Drink“ unter der Überschrift „Natürliche Energie für Männer, die mitten im Leben stehen“ – so liest es sich, als komme die Energie aus einem Getränk (Art. 10 Abs. 3 HCVO); nenn hier nur Bewegung, Essen und Gewohnheiten",
    ]);
    const calm = changedJson("pages/home.json", (data) => {
      data.hero.title = "Mehr Kraft für Männer, die mitten im Leben stehen";
      data.hero.lead = `${data.hero.lead} Und ein Drink aus echten Zutaten.`;
    });
    expect(dev(calm).filter((problem) => problem.includes("hero.lead"))).toEqual([]);
    const light = changedJson("recipes.json", (data) => {
      data[7].benefit = "Fermentiertes Gemüse mit frischer Säure – knackig und leicht.";
    });
    expect(dev(light)).toEqual([
      "content/recipes.json, Feld „[7].benefit“: „leicht“ ist eine nährwertbezogene Angabe mit festen Bedingungen (HCVO, Anhang); beschreib Geschmack oder Zubereitung, z.\u00a0B. „knackig und frisch“",
    ]);
  });
});

describe("the accessibility statement", () => {
  const statement = "legal/barrierefreiheit.md";
  it("claims as measured only what a check of the site measures", () => {
    expect(legalPageProblems(CONTENT_DIR)).toEqual([]);
    const more = changed(statement, (text) =>
      text.replace("- **Kontrast:**", "- **Gebärdensprache:** Alle Seiten gibt es als Video.\n- **Kontrast:**"),
    );
    expect(legalPageProblems(more)).toEqual([
      "content/legal/barrierefreiheit.md: „Gebärdensprache“ steht unter „Was wir vor jeder Veröffentlichung prüfen“, aber keine Prüfung der Website misst es (geprüft werden: Automatische Prüfung, Tastatur, Kontrast, 320 Pixel, Textalternativen, Spamschutz ohne Rätsel); nimm den Punkt heraus oder schreib ihn unter „Was noch nicht barrierefrei ist“",
    ]);
    const without = changed(statement, (text) => text.replace("## Was wir vor jeder Veröffentlichung prüfen", "## Geprüft"));
    expect(legalPageProblems(without)).toEqual([
      "content/legal/barrierefreiheit.md: braucht den Abschnitt „## Was wir vor jeder Veröffentlichung prüfen“ mit den geprüften Punkten",
    ]);
  });

  it("stops a production build without the market surveillance authority and the day of the last check by hand", () => {
    const dir = changedJson("site.json", (data) => {
      for (const key of Object.keys(data.deployment))
        data.deployment[key] = (DEPLOYMENT_OPTIONAL as readonly string[]).includes(key) ? "" : "2026-11-30";
      data.deployment.accessLogDays = "7";
      data.deployment.backupDays = "14";
      data.deployment.httpsEnforced = "ja";
      data.deployment.euOnly = "ja";
      data.deployment.marketSurveillance = "";
      data.deployment.accessibilityCheckedOn = "";
    });
    expect(contentProblems(dir, { production: true }).filter((problem) => problem.includes("deployment."))).toEqual([
      expect.stringMatching(
        /^content\/site\.json, Feld „deployment\.marketSurveillance“: ist noch leer; die Erklärung zur Barrierefreiheit nennt/,
      ),
      expect.stringMatching(
        /^content\/site\.json, Feld „deployment\.accessibilityCheckedOn“: ist noch leer; die Erklärung zur Barrierefreiheit nennt den Tag/,
      ),
    ]);
  });
});

describe("placeholders and their units", () => {
  it("keep together with a no-break space in the legal texts and the pages", () => {
    const legal = changed("legal/datenschutz.md", (text) =>
      text.replace("{{deployment.backupDays}}&nbsp;Tage).", "{{deployment.backupDays}} Tage)."),
    );
    expect(legalPageProblems(legal).filter((problem) => !problem.includes("fingerprint"))).toEqual([
      "content/legal/datenschutz.md: zwischen Platzhalter und Einheit („}} Tage“) gehört ein geschütztes Leerzeichen (&nbsp;), damit Zahl und Einheit nicht getrennt werden",
    ]);
    const page = changed("pages/link-ungueltig.json", (text) => text.replace("}}\\u00a0Stunden", "}} Stunden"));
    expect(dev(page)).toEqual([
      expect.stringMatching(
        /^content\/pages\/link-ungueltig\.json, Feld „.+“: zwischen Platzhalter und Einheit \(„\}\} Stunden“\) gehört ein geschütztes Leerzeichen \(\\u00a0\)/,
      ),
    ]);
  });
});

describe("a survey's basis names its answers", () => {
  it("as many as the record says, once the record is filled in", () => {
    const record = { surveyFrom: "2026-09-01", surveyTo: "2026-09-30", asked: "3100", documentation: "Ordner Befragungen" };
    const same = changedJson("site.json", (data) => {
      data.stats.weekTwoEvidence = { ...record, answers: "1240" };
    });
    expect(dev(same)).toEqual([]);
    const other = changedJson("site.json", (data) => {
      data.stats.weekTwoEvidence = { ...record, answers: "1190" };
    });
    expect(dev(other)).toEqual([
      "content/site.json, Feld „stats.weekTwoBasis“: nennt 1.240 Antworten, der Nachweis („evidence.answers“) aber 1.190; beide müssen dieselbe Zahl nennen",
    ]);
    // The results' one basis names its answers too („Antworten von 860 Teilnehmern …“): the record must say the same.
    const results = changedJson("pages/ernaehrung-traditionell.json", (page) => {
      page.results.evidence = { ...record, answers: "860" };
    });
    expect(dev(results)).toEqual([]);
    const asked = changedJson("pages/ernaehrung-traditionell.json", (page) => {
      page.results.evidence = { ...record, answers: "900" };
    });
    expect(dev(asked)).toEqual([
      "content/pages/ernaehrung-traditionell.json, Feld „results.basis“: nennt 860 Antworten, der Nachweis („evidence.answers“) aber 900; beide müssen dieselbe Zahl nennen",
    ]);
    // A basis that counts people asked instead of answers is refused.
    const people = changedJson("pages/ernaehrung-traditionell.json", (page) => {
      page.results.basis = String(page.results.basis).replace(
        "Antworten von 860 Teilnehmern, befragt",
        "Befragung von 860 Teilnehmern",
      );
    });
    expect(dev(people)).toEqual([
      "content/pages/ernaehrung-traditionell.json, Feld „results.basis“: muss sagen, auf wie vielen Antworten die Zahl beruht („Antworten von 1.240 Teilnehmern, befragt …“)",
    ]);
  });
});
