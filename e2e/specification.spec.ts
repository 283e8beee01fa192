/**
 * The product specification, pinned: every route, text, count and constant it fixes, typed out here
 * literally (never imported from the product, so a change in the product cannot change what is expected),
 * and checked against the production build served by the real server, in a real browser: with JavaScript,
 * and for the forms also without it (the plain HTML form posted, the server's answer page read).
 *
 * A failing check names the specification's section, e.g. „Spezifikation §8 Fehlerkatalog: …“. The few
 * places where a legal review made the site deviate from the specification are listed in
 * docs/specification.md; they are expected here as the site shows them, each marked „Abweichung“.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { hydrate } from "../rig/audit/measure";

/** Everything the specification fixes, word for word. */
const SPEC = {
  routes: {
    home: "/",
    movement: "/bewegung-alltag",
    nutrition: "/ernaehrung-traditionell",
    recipes: "/gesunde-rezepte",
    contact: "/kontakt-unterstuetzung",
    thanks: "/danke-willkommen",
    privacy: "/datenschutz",
    personalData: "/personenbezogene-daten",
    terms: "/agb",
  },
  headerLinks: [
    ["Start", "/"],
    ["Bewegung", "/bewegung-alltag"],
    ["Ernährung", "/ernaehrung-traditionell"],
    ["Kontakt", "/kontakt-unterstuetzung"],
  ],
  footerQuickLinks: [
    ["Startseite", "/"],
    ["Bewegung im Alltag", "/bewegung-alltag"],
    ["Traditionelle Ernährung", "/ernaehrung-traditionell"],
    ["Gesunde Rezepte", "/gesunde-rezepte"],
  ],
  footerLegalLinks: [
    ["Datenschutzerklärung", "/datenschutz"],
    ["Verarbeitung personenbezogener Daten", "/personenbezogene-daten"],
    ["AGB", "/agb"],
  ],
  infoFormAnchor: "info-form",
  homeTestimonials: 6,
  testimonials: 7,
  stars: 5,
  recipes: 8,
  principles: 5,
  results: ["85", "92", "88"],
  users: "15.000",
  weekTwoPercent: "78",
  planDurations: [5, 10, 15, 5, 10, 20, 30],
  contactTitle: "Kontakt & Unterstützung",
  openingHours: [
    ["Montag", "Freitag", "9:00", "18:00"],
    ["Samstag", "", "10:00", "14:00"],
  ],
  faqs: 4,
  replyHours: 24,
  trustNotes: ["Datenschutz garantiert", "Sichere Übertragung"],
  labels: { name: "Dein Name *", email: "Deine E-Mail *", message: "Deine Nachricht *" },
  maxLength: { name: 100, email: 255, message: 1000 },
  messageRows: 6,
  errors: {
    leadEmail: "Ungültige E-Mail",
    leadName: "Name erforderlich",
    contactEmail: "Ungültige E-Mail-Adresse",
    contactName: "Name erforderlich (max. 100 Zeichen)",
    contactMessage: "Nachricht erforderlich (max. 1000 Zeichen)",
  },
  sending: "Wird gesendet...",
  contactSubmit: "Nachricht senden",
  redirectDelayMs: 800,
  legalSections: { "/datenschutz": 6, "/personenbezogene-daten": 11, "/agb": 12 },
  dateLocale: "de-DE",
  notFound: { code: "404", title: "Oops! Page not found" },
  errorScreen: "Unexpected Application Error!",
} as const;

/**
 * Where the site deviates on legal grounds (docs/specification.md): the text it shows instead.
 * „Datenschutz garantiert“ → „Datenschutz ernst genommen“ (legal review of 26.11.2026, M9: § 5 UWG).
 */
const DEVIATIONS = { "Datenschutz garantiert": "Datenschutz ernst genommen" } as const;

const LEAD_FORM = '#info-form form[action="/api/leads"]';
const CONTACT_FORM = 'form[action="/api/contact"]';

/** A day in Germany in the specification's format (de-DE), e.g. „01.12.2026“. */
const germanDate = (date: Date) =>
  date.toLocaleDateString(SPEC.dateLocale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" });
const germanYear = () => new Date().toLocaleDateString(SPEC.dateLocale, { year: "numeric", timeZone: "Europe/Berlin" });

const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@beispiel.de`;

/** A form's field by its label, in the form. */
const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

/** Hydrates the page, and for a form waits until the scripts have taken it over (they switch off the browser's validation). */
async function scripted(page: Page, form?: Locator) {
  await hydrate(page);
  if (form) await expect(form).toHaveAttribute("novalidate", "");
}

/** The submit moment inside the page; it survives the client-side navigation. */
async function markSubmit(page: Page) {
  await page.evaluate(() =>
    document.addEventListener("submit", () => ((window as unknown as { submittedAt: number }).submittedAt = performance.now()), {
      capture: true,
      once: true,
    }),
  );
}
const msSinceSubmit = (page: Page) =>
  page.evaluate(() => performance.now() - (window as unknown as { submittedAt: number }).submittedAt);

test.describe("Spezifikation §2 Seiten und Routen", () => {
  for (const [name, path] of Object.entries(SPEC.routes)) {
    test(`${path} (${name}) is a public page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status(), `Spezifikation §2 Routen: ${path} antwortet nicht mit 200`).toBe(200);
      await expect(
        page.getByRole("heading", { level: 1 }),
        `Spezifikation §2 Routen: ${path} hat keine Überschrift`,
      ).toBeVisible();
    });
  }

  test("the header: sticky, the four links, the secure-connection label, the e-mail link; the mobile menu closes on a link", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(SPEC.routes.movement);
    const header = page.locator("header").first();
    expect(
      await header.evaluate((element) => getComputedStyle(element).position),
      "Spezifikation §2 Kopfzeile: nicht sticky",
    ).toBe("sticky");
    const nav = header.getByRole("navigation").first();
    const links = nav.getByRole("link");
    expect(
      await links.evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute("href")])),
      "Spezifikation §2 Kopfzeile: Navigationslinks Start, Bewegung, Ernährung, Kontakt",
    ).toEqual(SPEC.headerLinks.map(([label, to]) => [label, to]));
    await expect(
      header.getByText(/Sichere Verbindung/).first(),
      "Spezifikation §2 Kopfzeile: Hinweis auf die sichere Verbindung",
    ).toBeVisible();
    const mail = header.locator('a[href^="mailto:"]').first();
    await expect(mail, "Spezifikation §2 Kopfzeile: E-Mail-Link zum Kontakt").toHaveText(/^\S+@\S+\.\S+$/);

    await page.setViewportSize({ width: 375, height: 800 });
    await scripted(page);
    const toggle = header.locator("button[aria-controls]");
    await expect(toggle, "Spezifikation §2 Kopfzeile: Menüknopf für das Handy").toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle, "Spezifikation §4 Mobiles Menü: öffnet mit dem Menüknopf").toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Ernährung", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${SPEC.routes.nutrition}$`));
    await expect(menu, "Spezifikation §4 Mobiles Menü: schließt beim Klick auf einen Link").toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("the footer: blurb, quick links, legal links, the copyright line with the year", async ({ page }) => {
    await page.goto(SPEC.routes.home);
    const footer = page.locator("footer").last();
    const listOf = (title: string) =>
      footer
        .getByRole("navigation", { name: title })
        .getByRole("link")
        .evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute("href")]));
    expect(await listOf("Schnellzugriff"), "Spezifikation §2 Fußzeile: Schnellzugriff").toEqual(
      SPEC.footerQuickLinks.map((link) => [...link]),
    );
    const legal = await listOf("Rechtliches");
    expect(legal.slice(0, SPEC.footerLegalLinks.length), "Spezifikation §2 Fußzeile: Rechtliches").toEqual(
      SPEC.footerLegalLinks.map((link) => [...link]),
    );
    await expect(footer.locator("p").nth(1), "Spezifikation §2 Fußzeile: Markentext").toHaveText(/\S+\s+\S+/);
    await expect(footer, "Spezifikation §2 Fußzeile: Copyright mit Jahr").toContainText(new RegExp(`©\\s*${germanYear()}`));
  });

  test("calls to action: on sub-pages to /#info-form, on the home page a smooth scroll to the form", async ({ page }) => {
    for (const path of [SPEC.routes.movement, SPEC.routes.nutrition, SPEC.routes.recipes]) {
      await page.goto(path);
      const ctas = page.getByRole("main").locator(`a[href$="#${SPEC.infoFormAnchor}"]`);
      expect(await ctas.count(), `Spezifikation §2 Handlungsaufrufe: ${path} hat keinen`).toBeGreaterThan(0);
      for (const href of await ctas.evaluateAll((as) => as.map((a) => a.getAttribute("href"))))
        expect(href, `Spezifikation §2 Handlungsaufrufe: ${path} führt nicht zur Startseite am Formular`).toBe(
          `/#${SPEC.infoFormAnchor}`,
        );
    }
    await page.goto(SPEC.routes.home);
    await scripted(page);
    await expect(page.locator(LEAD_FORM), "Spezifikation §2 Startseite: Formular am Anker info-form").toHaveCount(1);
    const scrolls: number[] = [];
    await page.exposeFunction("reportScroll", (y: number) => scrolls.push(y));
    await page.evaluate(() =>
      window.addEventListener("scroll", () =>
        (window as unknown as { reportScroll: (y: number) => void }).reportScroll(window.scrollY),
      ),
    );
    await page.getByRole("main").locator(`a[href="#${SPEC.infoFormAnchor}"]`).first().click();
    await expect(
      page.locator(`#${SPEC.infoFormAnchor} h2`),
      "Spezifikation §2 Handlungsaufrufe: Startseite scrollt zum Formular",
    ).toBeInViewport();
    expect(new URL(page.url()).pathname).toBe(SPEC.routes.home);
    expect(
      new Set(scrolls).size,
      "Spezifikation §2 Handlungsaufrufe: Startseite scrollt sanft, nicht mit einem Sprung",
    ).toBeGreaterThan(2);
  });
});

test.describe("Spezifikation §1–§3, §9 Inhalte und Zahlen", () => {
  test("home page: over 15,000 users, 78 % in week two, the first 6 of 7 testimonials (all 5 stars), the lead form", async ({
    page,
  }) => {
    await page.goto(SPEC.routes.home);
    const main = page.getByRole("main");
    await expect(main, "Spezifikation §1 Zahlen: über 15.000 zufriedene Nutzer").toContainText(new RegExp(`über ${SPEC.users}`));
    await expect(main, "Spezifikation §1 Zahlen: 78 % sehen in Woche zwei eine Verbesserung").toContainText(
      new RegExp(`${SPEC.weekTwoPercent}\\s%`),
    );
    const testimonials = main.locator("figure").filter({ has: page.getByRole("img", { name: /von \d Sternen/ }) });
    await expect(testimonials, "Spezifikation §9: die Startseite zeigt 6 von 7 Erfahrungsberichten").toHaveCount(
      SPEC.homeTestimonials,
    );
    await expect(
      main.getByRole("img", { name: `${SPEC.stars} von ${SPEC.stars} Sternen` }),
      "Spezifikation §3 Erfahrungsbericht: alle mit 5 Sternen",
    ).toHaveCount(SPEC.homeTestimonials);
    await expect(page.locator(LEAD_FORM), "Spezifikation §2 Startseite: Infoformular am Anker info-form").toBeVisible();

    // The seventh is shown on a sub-page: seven in all.
    const names = new Set<string>();
    for (const path of [SPEC.routes.home, SPEC.routes.movement, SPEC.routes.nutrition]) {
      await page.goto(path);
      for (const name of await page.getByRole("main").locator("figure figcaption .font-semibold").allTextContents())
        names.add(name.trim());
    }
    expect(names.size, "Spezifikation §9: 7 Erfahrungsberichte").toBe(SPEC.testimonials);
  });

  test("movement page: the 7-day plan with 5, 10, 15, 5, 10, 20, 30 minutes", async ({ page }) => {
    await page.goto(SPEC.routes.movement);
    const days = page
      .getByRole("main")
      .locator("ol > li")
      .filter({ hasText: /Tag\s*\d/ });
    await expect(days, "Spezifikation §9 Wochenplan: sieben Tage").toHaveCount(SPEC.planDurations.length);
    const durations = (await days.allTextContents()).map((text) => Number(/(\d+)\s*Minuten/.exec(text)?.[1]));
    expect(durations, "Spezifikation §9 Wochenplan: Dauer in Minuten, Tag 1 bis 7").toEqual([...SPEC.planDurations]);
  });

  test("nutrition page: 5 principles and the results 85 %, 92 %, 88 % after three months, with their one basis", async ({
    page,
  }) => {
    await page.goto(SPEC.routes.nutrition);
    const main = page.getByRole("main");
    const principles = main.locator("article").filter({ has: page.locator("h3") });
    await expect(principles, "Spezifikation §9: die Ernährungsseite hat 5 Grundsätze").toHaveCount(SPEC.principles);
    for (const card of await principles.all()) {
      await expect(card.locator("h3"), "Spezifikation §3 Grundsatz: Titel").toHaveText(/\S/);
      await expect(card.locator("p"), "Spezifikation §3 Grundsatz: Beschreibung").not.toHaveCount(0);
      await expect(card.locator("svg"), "Spezifikation §3 Grundsatz: Symbol").not.toHaveCount(0);
    }
    for (const value of SPEC.results) {
      const figure = page.getByText(new RegExp(`^${value}\\s%$`));
      await expect(
        main.locator("li").filter({ has: figure }),
        `Spezifikation §1/§2 Ergebnisse: ${value} % auf der Ernährungsseite`,
      ).toHaveCount(1);
    }
    // One survey behind all three: its basis stands once, under the three cards.
    const results = main.locator("section").filter({ has: page.getByText(new RegExp(`^${SPEC.results[0]}\\s%$`)) });
    await expect(results.getByText(/Grundlage/), "Spezifikation §1 Ergebnisse: eine Grundlage für alle drei").toHaveCount(1);
    await expect(results.locator("ul + p"), "Spezifikation §1 Ergebnisse: ohne Grundlage darunter").toHaveText(
      /^Grundlage aller drei Werte: \S.*Stand/,
    );
  });

  test("recipes page: a grid of 8 cards with title, ingredients, time and benefit", async ({ page }) => {
    await page.goto(SPEC.routes.recipes);
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards, "Spezifikation §9: die Rezeptseite zeigt 8 Karten").toHaveCount(SPEC.recipes);
    for (const card of await cards.all()) {
      await expect(card.getByRole("heading", { level: 3 }), "Spezifikation §3 Rezeptkarte: Titel").toHaveText(/\S/);
      await expect(card.locator("li"), "Spezifikation §3 Rezeptkarte: Zutaten").not.toHaveCount(0);
      await expect(card, "Spezifikation §3 Rezeptkarte: Zeit").toContainText(/\d+\sMin\./);
    }
  });

  test("contact page: title, e-mail with 24 hours, Munich, opening hours, four questions, the trust notes", async ({ page }) => {
    await page.goto(SPEC.routes.contact);
    await expect(page.getByRole("heading", { level: 1 }), "Spezifikation §2 Kontaktseite: Titel").toHaveText(SPEC.contactTitle);
    const main = page.getByRole("main");
    await expect(main.locator('a[href^="mailto:"]').first(), "Spezifikation §2 Kontaktseite: Kontakt-E-Mail").toBeVisible();
    await expect(main, "Spezifikation §9: Antwort innerhalb von 24 Stunden").toContainText(
      new RegExp(`${SPEC.replyHours}\\sStunden`),
    );
    await expect(main.locator("address"), "Spezifikation §2 Kontaktseite: Postanschrift in München").toContainText("München");
    for (const [from, to, opens, closes] of SPEC.openingHours) {
      const days = to ? `${from}[–-]${to}` : from;
      await expect(main, `Spezifikation §9 Öffnungszeiten: ${from}${to ? `–${to}` : ""} ${opens}–${closes}`).toContainText(
        new RegExp(`${days}\\s*${opens}[–-]${closes}`),
      );
    }
    await expect(main.locator("details"), "Spezifikation §2 Kontaktseite: vier häufige Fragen").toHaveCount(SPEC.faqs);
    const form = page.locator(CONTACT_FORM);
    await expect(
      form.locator('a[href="/datenschutz"]'),
      "Spezifikation §2 Kontaktseite: Link zur Datenschutzerklärung",
    ).not.toHaveCount(0);
    for (const note of SPEC.trustNotes) {
      const shown = note in DEVIATIONS ? DEVIATIONS[note as keyof typeof DEVIATIONS] : note;
      await expect(
        main.getByText(shown, { exact: true }),
        `Spezifikation §2 Kontaktseite: Vertrauenshinweis „${note}“${shown === note ? "" : ` (Abweichung: „${shown}“)`}`,
      ).toBeVisible();
    }
  });

  test("thank-you page: received, confirmation e-mail (spam), 24 hours, recipes and tips, the four links", async ({ page }) => {
    await page.goto(SPEC.routes.thanks);
    const main = page.getByRole("main");
    await expect(main, "Spezifikation §2 Dankeseite: Anfrage angekommen").toContainText(/angekommen|erhalten/);
    await expect(main, "Spezifikation §2 Dankeseite: Bestätigungs-E-Mail").toContainText(/E-Mail/);
    await expect(main, "Spezifikation §2 Dankeseite: Spam-Ordner").toContainText(/Spam/);
    await expect(main, "Spezifikation §2 Dankeseite: 24 Stunden").toContainText(new RegExp(`${SPEC.replyHours}\\sStunden`));
    await expect(main, "Spezifikation §2 Dankeseite: Rezepte und Bewegungstipps").toContainText(/Rezepte und Bewegungstipps/);
    const hrefs = await main.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    for (const to of [SPEC.routes.movement, SPEC.routes.nutrition, SPEC.routes.recipes, SPEC.routes.home])
      expect(hrefs, `Spezifikation §2 Dankeseite: Link zu ${to}`).toContain(to);
  });
});

test.describe("Spezifikation §2 Rechtstexte", () => {
  for (const [path, sections] of Object.entries(SPEC.legalSections)) {
    test(`${path}: ${sections} numbered sections and today's date in de-DE format, before and after hydration`, async ({
      page,
    }) => {
      // A visit long after the build: the date is the visitor's today, not the build's.
      const visit = new Date(Date.now() + 400 * 86_400_000);
      await page.clock.setFixedTime(visit);
      await page.goto(path);
      const main = page.getByRole("main");
      const numbered = await main.locator("h2").allTextContents();
      expect(
        numbered.filter((heading) => /^\d+\.\s/.test(heading.trim())).length,
        `Spezifikation §2 Rechtstexte: ${path} hat ${sections} nummerierte Abschnitte`,
      ).toBe(sections);
      const today = germanDate(visit);
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
      await expect(
        main,
        `Spezifikation §2 Rechtstexte: ${path} zeigt vor der Hydration nicht das heutige Datum (${today}, de-DE)`,
      ).toContainText(today);
      await scripted(page);
      await expect(
        main,
        `Spezifikation §2 Rechtstexte: ${path} zeigt nach der Hydration nicht das heutige Datum (${today}, de-DE)`,
      ).toContainText(today);
    });
  }

  test("/agb: content is no medical advice, liability, German law, the provider's seat as venue", async ({ page }) => {
    await page.goto(SPEC.routes.terms);
    const main = page.getByRole("main");
    await expect(main, "Spezifikation §2 AGB: kein medizinischer Rat").toContainText(/[Kk]ein medizinischer Rat/);
    await expect(main, "Spezifikation §2 AGB: Haftung").toContainText(/Haftung/);
    await expect(main, "Spezifikation §2 AGB: deutsches Recht").toContainText(/Recht der Bundesrepublik Deutschland/);
    await expect(main, "Spezifikation §2 AGB: Gerichtsstand am Sitz des Anbieters").toContainText(/Gerichtsstand[^.]*Sitz/);
  });
});

test.describe("Spezifikation §2, §8 Nicht gefunden und Fehlerbildschirm", () => {
  test("an unknown path: 404, 'Oops! Page not found', a link home, the path in the console", async ({ page }) => {
    const path = `/gibt-es-nicht-${Date.now()}`;
    const logged: string[] = [];
    page.on("console", (message) => logged.push(message.text()));
    const response = await page.goto(path);
    expect(response?.status(), "Spezifikation §8 Unbekannte Route: Statuscode").toBe(404);
    const main = page.getByRole("main");
    await expect(main.getByText(SPEC.notFound.code, { exact: true }), "Spezifikation §2 Nicht gefunden: 404").toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }), "Spezifikation §2 Nicht gefunden: Überschrift").toContainText(
      SPEC.notFound.title,
    );
    await expect(main.locator('a[href="/"]'), "Spezifikation §2 Nicht gefunden: Link zur Startseite").not.toHaveCount(0);
    await expect
      .poll(() => logged.some((text) => text.includes(path)), {
        message: "Spezifikation §8 Unbekannte Route: Pfad in der Konsole",
      })
      .toBe(true);
  });

  test("a render error: 'Unexpected Application Error!' followed by the error text", async ({ page }) => {
    // The nutrition page's data without its drink recipe makes the page throw while it renders.
    await page.route(`**/page-data${SPEC.routes.nutrition}/page-data.json`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.result.data.recipe = null;
      await route.fulfill({ response, json: body });
    });
    await page.goto(SPEC.routes.nutrition);
    // A first input starts the scripts; the page never hydrates, the error screen stands in its place.
    await page.mouse.move(2, 2);
    await page.mouse.move(4, 4);
    const alert = page.getByRole("alert").filter({ hasText: SPEC.errorScreen });
    await expect(alert.getByRole("heading", { level: 1 }), "Spezifikation §8 Fehlerbildschirm: Überschrift").toHaveText(
      SPEC.errorScreen,
    );
    await expect(alert.locator("h1 + p"), "Spezifikation §8 Fehlerbildschirm: danach der Fehlertext").toHaveText(/recipes\.json/);
  });
});

test.describe("Spezifikation §4, §5, §8, §9 Formulare mit JavaScript", () => {
  test("lead form: both required; errors 'Name erforderlich' and 'Ungültige E-Mail' under the fields; 'Wird gesendet...' disabled; thank-you page after 800 ms", async ({
    page,
  }) => {
    await page.goto(SPEC.routes.home);
    const form = page.locator(LEAD_FORM);
    for (const input of [form.locator("input[name=name]"), form.locator("input[name=email]")])
      await expect(input, "Spezifikation §5 Infoformular: beide Felder mit required").toHaveAttribute("required", "");
    await scripted(page, form);
    const [name, email] = await form.locator("input[name=name], input[name=email]").all();
    const submit = form.locator("button[type=submit]");
    const label = (await submit.textContent())!.trim();

    await submit.click();
    await expect(
      name!,
      `Spezifikation §8 Fehlerkatalog: Infoformular Name „${SPEC.errors.leadName}“`,
    ).toHaveAccessibleDescription(new RegExp(`^${SPEC.errors.leadName}( |$)`));
    await expect(
      form.getByText(SPEC.errors.leadName, { exact: true }),
      `Spezifikation §8 Fehlerkatalog: „${SPEC.errors.leadName}“ unter dem Feld`,
    ).toBeVisible();
    await expect(
      form.getByText(SPEC.errors.leadEmail, { exact: true }),
      `Spezifikation §8 Fehlerkatalog: Infoformular E-Mail „${SPEC.errors.leadEmail}“`,
    ).toBeVisible();
    await expect(submit, "Spezifikation §4 Infoformular: bei Fehlern endet das Senden").toBeEnabled();

    for (const bad of ["markus@beispiel", "mar kus@beispiel.de", "markus@@beispiel.de"]) {
      await name!.fill("Markus");
      await email!.fill(bad);
      await submit.click();
      await expect(
        email!,
        `Spezifikation §5 Infoformular: „${bad}“ ergibt „${SPEC.errors.leadEmail}“`,
      ).toHaveAccessibleDescription(new RegExp(`^${SPEC.errors.leadEmail}( |$)`));
    }
    await name!.fill("   ");
    await email!.fill(uniqueEmail("spec"));
    await submit.click();
    await expect(
      name!,
      `Spezifikation §5 Infoformular: nur Leerzeichen ergibt „${SPEC.errors.leadName}“`,
    ).toHaveAccessibleDescription(new RegExp(`^${SPEC.errors.leadName}( |$)`));

    await name!.fill("Markus");
    await markSubmit(page);
    await submit.click();
    await expect(
      form.getByRole("button", { name: SPEC.sending, exact: true }),
      `Spezifikation §4 Infoformular: Knopf „${SPEC.sending}“ und gesperrt`,
    ).toBeDisabled();
    await page.waitForURL(`**${SPEC.routes.thanks}`);
    expect(
      await msSinceSubmit(page),
      `Spezifikation §4/§9: Weiterleitung frühestens nach ${SPEC.redirectDelayMs} ms`,
    ).toBeGreaterThanOrEqual(SPEC.redirectDelayMs);
    expect(label).not.toBe(SPEC.sending);
  });

  test("contact form: labels, limits, 6 rows, counter, the three errors per field, 'Wird gesendet...', 'Nachricht senden', thank-you page after 800 ms", async ({
    page,
  }) => {
    await page.goto(SPEC.routes.contact);
    const form = page.locator(CONTACT_FORM);
    const name = field(form, SPEC.labels.name);
    const email = field(form, SPEC.labels.email);
    const message = field(form, SPEC.labels.message);
    for (const [control, key] of [
      [name, "name"],
      [email, "email"],
      [message, "message"],
    ] as const) {
      await expect(control, `Spezifikation §5 Kontaktformular: Feld „${SPEC.labels[key]}“`).toBeVisible();
      await expect(control, `Spezifikation §5 Kontaktformular: ${SPEC.labels[key]} ist Pflicht`).toHaveAttribute("required", "");
      await expect(control, `Spezifikation §9: ${SPEC.labels[key]} höchstens ${SPEC.maxLength[key]} Zeichen`).toHaveAttribute(
        "maxlength",
        String(SPEC.maxLength[key]),
      );
      await expect(
        control,
        `Spezifikation §5 Kontaktformular: ${SPEC.labels[key]} hat ein Beispiel als Platzhalter`,
      ).toHaveAttribute("placeholder", /\S/);
    }
    await expect(message, `Spezifikation §5 Kontaktformular: ${SPEC.messageRows} Zeilen`).toHaveAttribute(
      "rows",
      String(SPEC.messageRows),
    );
    await expect(form, `Spezifikation §3: Zähler 0/${SPEC.maxLength.message}`).toContainText(`0/${SPEC.maxLength.message}`);
    const submit = form.locator("button[type=submit]");
    await expect(submit, `Spezifikation §4 Kontaktformular: Knopf „${SPEC.contactSubmit}“`).toHaveText(SPEC.contactSubmit);

    await scripted(page, form);
    await message.fill("Hallo");
    await expect(form, "Spezifikation §3: der Zähler zählt mit").toContainText(`5/${SPEC.maxLength.message}`);
    await message.fill("");
    await submit.click();
    for (const [control, error] of [
      [name, SPEC.errors.contactName],
      [email, SPEC.errors.contactEmail],
      [message, SPEC.errors.contactMessage],
    ] as const) {
      await expect(
        control,
        `Spezifikation §8 Fehlerkatalog: Kontaktformular „${error}“ an seinem Feld`,
      ).toHaveAccessibleDescription(new RegExp(`^${error.replace(/[.()]/g, "\\$&")}( |$)`));
      await expect(
        form.getByText(error, { exact: true }),
        `Spezifikation §8 Fehlerkatalog: „${error}“ unter dem Feld`,
      ).toBeVisible();
    }
    await expect(submit, "Spezifikation §4 Kontaktformular: bei Fehlern endet das Senden").toHaveText(SPEC.contactSubmit);

    await name.fill("Thomas");
    await email.fill(uniqueEmail("spec-kontakt"));
    await message.fill("Wie baue ich mehr Bewegung in meinen Büroalltag ein?");
    await markSubmit(page);
    await submit.click();
    await expect(
      form.getByRole("button", { name: SPEC.sending, exact: true }),
      `Spezifikation §4 Kontaktformular: Knopf „${SPEC.sending}“ und gesperrt`,
    ).toBeDisabled();
    await page.waitForURL(`**${SPEC.routes.thanks}`);
    expect(
      await msSinceSubmit(page),
      `Spezifikation §4/§9: Weiterleitung frühestens nach ${SPEC.redirectDelayMs} ms`,
    ).toBeGreaterThanOrEqual(SPEC.redirectDelayMs);
  });
});

test.describe("Spezifikation §5, §8 Formulare ohne JavaScript: die Antwort des Servers", () => {
  test.use({ javaScriptEnabled: false });

  /** Posts the plain form as the browser sends it, past its own checks (as an old browser would), and returns the answer page. */
  async function postPlain(page: Page, form: Locator, values: Record<string, string>) {
    await form.evaluate((element: HTMLFormElement) => (element.noValidate = true));
    for (const [label, value] of Object.entries(values)) await field(form, label).fill(value);
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await form.locator("button[type=submit]").click();
    const response = await answered;
    await page.waitForLoadState("domcontentloaded");
    return response;
  }

  test("lead form: the server answers with 'Name erforderlich' and 'Ungültige E-Mail'", async ({ page }) => {
    await page.goto(SPEC.routes.home);
    const form = page.locator(LEAD_FORM);
    const [nameLabel, emailLabel] = await form.locator("label").allTextContents();
    const response = await postPlain(page, form, { [nameLabel!.trim()]: "   ", [emailLabel!.trim()]: "markus@beispiel" });
    expect(response.status(), "Spezifikation §5 Infoformular ohne JavaScript: Statuscode").toBe(400);
    const problems = await page.locator("li").allTextContents();
    expect(problems, "Spezifikation §8 Fehlerkatalog: Infoformular, Antwort des Servers").toEqual([
      SPEC.errors.leadName,
      SPEC.errors.leadEmail,
    ]);
  });

  test("contact form: the server answers with the three messages of the catalogue", async ({ page }) => {
    await page.goto(SPEC.routes.contact);
    const form = page.locator(CONTACT_FORM);
    const response = await postPlain(page, form, {
      [SPEC.labels.name]: "   ",
      [SPEC.labels.email]: "thomas@beispiel",
      [SPEC.labels.message]: "   ",
    });
    expect(response.status(), "Spezifikation §5 Kontaktformular ohne JavaScript: Statuscode").toBe(400);
    expect(
      await page.locator("li").allTextContents(),
      "Spezifikation §8 Fehlerkatalog: Kontaktformular, Antwort des Servers",
    ).toEqual([SPEC.errors.contactName, SPEC.errors.contactEmail, SPEC.errors.contactMessage]);
  });

  test("contact form: a name of 101 characters and a message of 1001 are refused with the catalogue's messages", async ({
    page,
  }) => {
    await page.goto(SPEC.routes.contact);
    const form = page.locator(CONTACT_FORM);
    // The browser's maxlength stops typing at the limit; the server checks the limit itself.
    await form.evaluate((element: HTMLFormElement) =>
      element.querySelectorAll("[maxlength]").forEach((control) => control.removeAttribute("maxlength")),
    );
    await postPlain(page, form, {
      [SPEC.labels.name]: "x".repeat(SPEC.maxLength.name + 1),
      [SPEC.labels.email]: uniqueEmail("spec-lang"),
      [SPEC.labels.message]: "x".repeat(SPEC.maxLength.message + 1),
    });
    expect(
      await page.locator("li").allTextContents(),
      "Spezifikation §9 Grenzen: 100 und 1000 Zeichen, Antwort des Servers",
    ).toEqual([SPEC.errors.contactName, SPEC.errors.contactMessage]);
  });
});
