/**
 * The page budgets: deterministic counts and bytes, so they hold in `npm test` as well as in
 * `npm run audit`. Lighthouse scores vary from run to run and are reported, never gated.
 */
import type { PageMeasurement } from "./measure";
import { ROUTES } from "../../common/routes";

/** 1 KB = 1000 bytes: the stricter reading of the budget. */
export const KB = 1000;

/** Pages with a form carry Formik and yup; every other page must stay well below. */
export const FORM_PAGES = new Set<string>([ROUTES.home.path, ROUTES.contact.path]);
export const FIRST_LOAD_JS_KB_FORM_PAGE = 100;
export const FIRST_LOAD_JS_KB_OTHER_PAGE = 75;

/** A path that exists on no site, for measuring the not-found page. */
export const NOT_FOUND_PATH = "/diese-seite-gibt-es-nicht";

export function firstLoadJsBudgetKb(path: string): number {
  return FORM_PAGES.has(path) ? FIRST_LOAD_JS_KB_FORM_PAGE : FIRST_LOAD_JS_KB_OTHER_PAGE;
}

/**
 * The page itself (status line, headers and compressed body) arrives in the server's first flight: TCP
 * sends 10 segments of 1460 bytes before it waits for an acknowledgement (initial window, RFC 6928). One
 * byte more costs a whole extra round trip before the browser has the page and can paint it; Lighthouse's
 * mobile simulation counts 150 ms for it. Every page fits, the privacy statement included: /datenschutz is the
 * first layer of the privacy information, written to fit, which every form links to. The complete account it
 * links to (/personenbezogene-daten, every process in full, as the first layer promises) may take a second
 * flight: nobody lands on it first, and splitting it would break the „one complete document“ it must be.
 */
export const FIRST_FLIGHT_BYTES = 10 * 1460;

/**
 * The page's first picture (loaded eagerly with high priority, the largest paint of most pages) as a phone
 * loads it: at most half a first flight. Below it, the first recipe cards' pictures load at the same time
 * and share the line; at 8.5 KB the recipes hero needed one round trip more in Lighthouse's mobile
 * simulation (LCP 0.98 s, 1.55 × the floor), at 6.3 KB it did not (0.91 s, 1.43 ×).
 */
export const HERO_PICTURE_BYTES = FIRST_FLIGHT_BYTES / 2;

/** The phone Lighthouse's mobile audit emulates (412 × 823 px at 1.75 device pixels per px). */
export const AUDIT_PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 } as const;

/** Pages that may take two flights: the complete privacy account (see FIRST_FLIGHT_BYTES). */
export const TWO_FLIGHT_PAGES = new Set<string>([ROUTES.personalData.path]);

/** How many flights a page may take: one for every page but the complete privacy account. */
export function documentFlights(path: string): 1 | 2 {
  return TWO_FLIGHT_PAGES.has(path) ? 2 : 1;
}

/** What `flights` round trips carry: slow start doubles the window each time (10, 20, 40 … segments). */
export function bytesInFlights(flights: number): number {
  return FIRST_FLIGHT_BYTES * (2 ** flights - 1);
}

/** How many round trips an answer of `bytes` needs. */
export function flightsFor(bytes: number): number {
  let flights = 1;
  while (bytesInFlights(flights) < bytes) flights++;
  return flights;
}

export function documentBudgetBytes(path: string): number {
  return bytesInFlights(documentFlights(path));
}

export const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

/** Every budget the measurement breaks, each as one readable line; empty when all hold. */
export function budgetFailures(m: PageMeasurement): string[] {
  const failures: string[] = [];
  const expectedStatus = m.path === NOT_FOUND_PATH ? 404 : 200;
  if (m.status !== expectedStatus) failures.push(`${m.path}: Status ${m.status} statt ${expectedStatus}`);
  for (const v of m.axe) failures.push(`${m.path}: axe ${v.id} (${v.impact ?? "?"}): ${v.help} → ${v.targets.join(", ")}`);
  for (const url of m.foreignRequests) failures.push(`${m.path}: Anfrage an fremden Ursprung ${url}`);
  for (const cookie of m.cookies) failures.push(`${m.path}: Cookie ${cookie}`);
  for (const key of m.storageKeys) failures.push(`${m.path}: Speicher ${key}`);
  for (const violation of m.cspViolations) failures.push(`${m.path}: CSP-Verstoß ${violation}`);
  for (const img of m.imagesWithoutSize) failures.push(`${m.path}: <img> ohne width/height: ${img}`);
  const documentBudget = documentBudgetBytes(m.path);
  if (m.documentBytes > documentBudget) {
    failures.push(
      `${m.path}: Seite ${m.documentBytes} B mit Kopfzeilen, komprimiert > ${documentBudget} B (${documentFlights(m.path) === 1 ? "erster Flug, 10 TCP-Segmente" : "zwei Flüge, 30 TCP-Segmente"}); ` +
        `sie käme eine Netzwerk-Rundreise später an: Text auf der Seite kürzen (docs/public-pages.md: „Each page fits the server's first flight“)`,
    );
  }
  const budget = firstLoadJsBudgetKb(m.path);
  if (m.firstLoadJsGzipBytes > budget * KB) {
    const biggest = [...m.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 3);
    failures.push(
      `${m.path}: First-Load-JS ${kb(m.firstLoadJsGzipBytes)} KB gzip > ${budget} KB (größte: ${biggest.map((s) => `${s.url} ${kb(s.gzipBytes)} KB`).join(", ")})`,
    );
  }
  return failures;
}
