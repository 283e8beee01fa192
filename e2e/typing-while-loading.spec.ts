/**
 * A visitor types the moment the page shows, while its scripts are still on their way: the pages start
 * them only after the first paint and the first input (gatsby/after-load.ts). For both forms, each field as
 * the first one, by keyboard (a short pause between keys) and by `fill` (as autofill, paste or dictation
 * put text in: no key or pointer event), with the CPU slowed 1×, 4× and 6×, starting at DOMContentLoaded,
 * while the bundles download and while the page hydrates: every field keeps exactly what was entered, the
 * counter shows its true length, focus and caret stay where the visitor left them, and the stored lead or
 * contact request holds exactly the typed text. A real server of its own on PostgreSQL, so the test can
 * read what was stored.
 */
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { freshDatabase } from "./support/own-database";
import { pageDataPath } from "./support/page-data";
import { pointerMoves, TryPages } from "./support/try-pages";
import { LIMITS } from "../common/constants";
import { CONTACT_SUBMIT_LABEL } from "../src/forms/ContactForm";
import { LEAD_SUBMIT_LABEL } from "../src/forms/LeadForm";
import { fieldId } from "../src/forms/values-on-screen";
import { ROUTES } from "../common/routes";
import { startOwnServer, stopOwnServer, type OwnServer } from "./support/own-server";

const DATABASE = "urkraft_e2e_typing";
/** The pause between two keys: a quick typist. */
const KEY_DELAY_MS = 15;

interface Field {
  name: string;
  label: string;
  /** What the visitor enters; `{n}` makes the e-mail address unique per run. */
  text: string;
}

interface FormUnderTest {
  title: string;
  path: string;
  formId: string;
  table: "leads" | "contact_requests";
  submit: string;
  fields: Field[];
  /** The field with a live "n/limit" counter. */
  counted?: { name: string; limit: number };
}

const FORMS: FormUnderTest[] = [
  {
    title: "Infoformular",
    path: ROUTES.home.path,
    formId: "lead",
    table: "leads",
    submit: LEAD_SUBMIT_LABEL,
    fields: [
      { name: "name", label: "Dein Vorname *", text: "Jörg-Maximilian 💪" },
      { name: "email", label: "Deine E-Mail-Adresse *", text: "joerg.{n}@beispiel.de" },
    ],
  },
  {
    title: "Kontaktformular",
    path: ROUTES.contact.path,
    formId: "contact",
    table: "contact_requests",
    submit: CONTACT_SUBMIT_LABEL,
    fields: [
      { name: "name", label: "Dein Name *", text: "Günther Weiß-Öztürk" },
      { name: "email", label: "Deine E-Mail *", text: "guenther.{n}@beispiel.de" },
      {
        name: "message",
        label: "Deine Nachricht *",
        text: "Guten Tag, ich hätte eine Frage – passt das für Schichtarbeit? 🙂",
      },
    ],
    counted: { name: "message", limit: LIMITS.message },
  },
];

type Method = "Tastatur" | "fill";
type Moment = "DOMContentLoaded" | "Skripte laden" | "Hydrierung";

const METHODS: Method[] = ["Tastatur", "fill"];
const MOMENTS: Moment[] = ["DOMContentLoaded", "Skripte laden", "Hydrierung"];
/** The slowest first: their pages mostly wait, and the quick, CPU-bound cases at 1× fill the cores at the end. */
const CPU_RATES = [6, 4, 1];

let server: OwnServer;
/** A pool: the tries of a case run at once, and each reads what it stored. */
let sql: pg.Pool;
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let run = 0;
let pages: TryPages | undefined;

test.beforeAll(async ({ launchOptions }) => {
  test.setTimeout(180_000);
  database = await freshDatabase(DATABASE);
  const databaseUrl = database.url;
  server = await startOwnServer({ env: { DATABASE_URL: databaseUrl } });
  sql = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // The same device as the project's other pages: its viewport, user agent and scale.
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  pages = new TryPages(server.origin, { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch }, launchOptions);
});

test.afterAll(async () => {
  await pages?.close();
  await sql?.end();
  if (server) await stopOwnServer(server);
  await database?.drop();
});

/** The fields in the visitor's order: `first` first, the others after it as on the page. */
function inOrder(fields: Field[], first: number): Field[] {
  return [...fields.slice(first), ...fields.slice(0, first)];
}

/**
 * Opens the page and returns once the chosen moment has come. The page's first input starts its scripts;
 * for the later moments a pointer move gives it, as a visitor's finger or mouse would.
 */
async function openAt(page: Page, path: string, moment: Moment): Promise<void> {
  // A script the opened document asks for: its Referer (the site's policy keeps it for its own requests) is that
  // document, so no request of an earlier document can stand in for it.
  const address = new URL(path, server.origin).href;
  const bundle = page.waitForRequest(
    async (request) => request.resourceType() === "script" && (await request.headerValue("referer")) === address,
  );
  // The page's own data (its other data, app-data.json, comes earlier), loaded to its end; an event with the
  // step's time limit, where Response.finished() would have none.
  const ownData = pageDataPath(path);
  const pageData = page.waitForEvent("requestfinished", (request) => new URL(request.url()).pathname === ownData);
  // The moment chosen may not wait for one of them; it must not fail the try after it has ended.
  bundle.catch(() => undefined);
  pageData.catch(() => undefined);
  await page.goto(address, { waitUntil: "domcontentloaded" });
  if (moment === "DOMContentLoaded") return;
  await page.mouse.move(3, 3);
  await page.mouse.move(5, 5);
  if (moment === "Skripte laden") {
    await bundle;
    return;
  }
  // Gatsby hydrates once it has the page's data and its chunks: from here on, hydration runs.
  await pageData;
}

async function enter(page: Page, field: Field, text: string, method: Method): Promise<void> {
  const locator = page.getByLabel(field.label, { exact: true });
  if (method === "fill") {
    await locator.fill(text);
    return;
  }
  await locator.click();
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
}

/** What the page shows: each field's value, the focused field with its caret, and the counter. */
async function onScreen(page: Page, form: FormUnderTest) {
  return page.evaluate(
    ({ ids, counterId }) => {
      const values = Object.fromEntries(
        Object.entries(ids).map(([name, id]) => [name, (document.getElementById(id) as HTMLInputElement).value]),
      );
      const active = document.activeElement as HTMLInputElement | null;
      // What came from the browser's cache instead of the server (nothing transferred): nothing, as on a first visit.
      const cached = performance
        .getEntriesByType("resource")
        .filter((entry) => (entry as PerformanceResourceTiming).transferSize === 0)
        .map((entry) => new URL(entry.name).pathname);
      return {
        cached,
        values,
        focused: active?.id ?? null,
        caret: [active?.selectionStart ?? null, active?.selectionEnd ?? null],
        counter: counterId ? (document.getElementById(counterId)?.textContent ?? null) : null,
      };
    },
    {
      ids: Object.fromEntries(form.fields.map((field) => [field.name, fieldId(form.formId, field.name)])),
      counterId: form.counted ? `${fieldId(form.formId, form.counted.name)}-count` : null,
    },
  );
}

/** One visitor's try: open, enter every field in the order, check the page, send, check what was stored. */
async function attempt(page: Page, form: FormUnderTest, moment: Moment, method: Method, first: number): Promise<void> {
  run += 1;
  const typed = Object.fromEntries(form.fields.map((field) => [field.name, field.text.replace("{n}", `${process.pid}-${run}`)]));
  const order = inOrder(form.fields, first);

  await openAt(page, form.path, moment);
  for (const field of order) await enter(page, field, typed[field.name]!, method);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });

  const last = order[order.length - 1]!;
  const shown = await onScreen(page, form);
  expect(shown.cached, "aus dem Cache geladen").toEqual([]);
  expect(shown.values, "die Felder").toEqual(typed);
  expect(shown.focused, "das Feld mit dem Fokus").toBe(fieldId(form.formId, last.name));
  // E-mail fields have no caret position to read (selectionStart is null there).
  const end = typed[last.name]!.length;
  if (shown.caret[0] !== null || last.name !== "email") expect(shown.caret, "die Schreibmarke").toEqual([end, end]);
  // Opened at DOMContentLoaded and filled, the page saw no pointer at all: a move would be one the browser made up,
  // and it would have started the scripts before the visitor's first input.
  if (moment === "DOMContentLoaded" && method === "fill")
    expect(await pointerMoves(page), "Zeigerbewegungen ohne Besucher").toBe(0);
  if (form.counted)
    expect(shown.counter, "der Zähler").toBe(`Zeichen: ${typed[form.counted.name]!.length}/${form.counted.limit}`);

  // Sent as JSON by the hydrated form; the answer (202) comes once the row is committed. Every step of a try,
  // this wait too, ends after TRY_STEP_TIMEOUT_MS (support/try-pages.ts) with the step's name.
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: form.submit }).click();
  expect((await answered).status(), "die Antwort des Servers").toBe(202);
  const columns = form.fields.map((field) => field.name).join(", ");
  const { rows } = await sql.query(`SELECT ${columns} FROM ${form.table} WHERE email = $1`, [typed.email]);
  expect(rows, "das Gespeicherte").toEqual([typed]);
}

for (const rate of CPU_RATES)
  for (const form of FORMS) {
    test.describe(`${form.title}: Eingaben, während die Seite lädt`, () => {
      for (const moment of MOMENTS)
        test(`CPU ${rate}×, ab ${moment}: jedes Feld als erstes, per Tastatur und per fill`, async ({ browser }) => {
          test.setTimeout(240_000);
          // Each try in a page of its own, all at once: a slowed page mostly waits for its share of the CPU, so
          // the tries overlap instead of queueing. Every try runs, so a failure shows how many of them lose
          // input, not only the first.
          const tries = METHODS.flatMap((method) => form.fields.map((_, first) => ({ method, first })));
          const outcomes = await Promise.all(
            tries.map(async ({ method, first }) => {
              const { page, check, release } = await pages!.take(rate, browser);
              let passed = false;
              try {
                await attempt(page, form, moment, method, first);
                check();
                passed = true;
                return undefined;
              } catch (error) {
                return `${method}, zuerst ${form.fields[first]!.label}: ${(error as Error).message.split("\n").slice(0, 6).join(" ")}`;
              } finally {
                await release(passed);
              }
            }),
          );
          const failed = outcomes.filter((outcome) => outcome !== undefined);
          expect(failed).toEqual([]);
        });
    });
  }
