/**
 * Every page of the site and every endpoint a page or mail links to, in one table. Navigation, the
 * sitemap, the server's redirects and routes, the links in mails, the browser tests and the audit all
 * read their paths from here. The public paths are fixed by the product specification: never rename one.
 */

/**
 * content: a page for readers, in the sitemap. legal: a legal text (content/legal/*.md), in the sitemap.
 * form-result: where a sent form leads. mail-landing: a page a link in a mail leads to.
 * owner: the owner area (behind a login). None of the last three belongs in the sitemap.
 */
export type RouteKind = "content" | "legal" | "form-result" | "mail-landing" | "owner";

/**
 * One row per page: everything else that lists pages (navigation, sitemap, the content description's page
 * files, which pages show a content file, the browser tests' pages) derives from this table.
 */
export interface SiteRoute {
  path: string;
  kind: RouteKind;
  /** The page's German name, as the footer and link lists show it. */
  title: string;
  /** The shorter label in the header navigation; the header lists exactly the pages that have one. */
  navLabel?: string;
  /** Whether search engines find the page through sitemap.xml. */
  inSitemap: boolean;
  /** The page's copy under content/ (pages/*.json or legal/*.md), where it has one. */
  content?: string;
  /** GraphQL type of the page's copy (pages/*.json); its schema is the one content-schema.ts gives this type. */
  type?: string;
  /**
   * The shape the copy shares with other pages (content-schema.ts, PAGE_SHAPES): its schema then comes from the
   * shape, and the page needs none of its own.
   */
  shape?: PageShape;
  /** The copy's name in „Inhalte“ when it is not „Texte der Seite „title““ (or, for a legal text, the title). */
  contentTitle?: string;
  /** The list files this page is about: its preview opens first when one of them changes. */
  features?: readonly string[];
  /** The other shared content files the page shows (its query or a section's static query reads them). */
  shows?: readonly string[];
  /** Opened from a mail's link with its token; without one there is nothing to confirm. */
  needsToken?: boolean;
}

/** Shapes of a page's copy that several pages share; "next-steps": what happens next, and links on. */
export type PageShape = "next-steps";

export const ROUTES = {
  home: {
    path: "/",
    kind: "content",
    title: "Startseite",
    navLabel: "Start",
    inSitemap: true,
    content: "pages/home.json",
    type: "HomePageCopy",
    contentTitle: "Texte der Startseite",
    shows: ["site.json", "notices.json", "testimonials.json"],
  },
  movement: {
    path: "/bewegung-alltag",
    kind: "content",
    title: "Bewegung im Alltag",
    navLabel: "Bewegung",
    inSitemap: true,
    content: "pages/bewegung-alltag.json",
    type: "MovementPageCopy",
    features: ["movement-plan.json"],
    shows: ["testimonials.json"],
  },
  nutrition: {
    path: "/ernaehrung-traditionell",
    kind: "content",
    title: "Traditionelle Ernährung",
    navLabel: "Ernährung",
    inSitemap: true,
    content: "pages/ernaehrung-traditionell.json",
    type: "NutritionPageCopy",
    features: ["principles.json", "results.json"],
    shows: ["notices.json", "testimonials.json", "recipes.json"],
  },
  recipes: {
    path: "/gesunde-rezepte",
    kind: "content",
    title: "Gesunde Rezepte",
    inSitemap: true,
    content: "pages/gesunde-rezepte.json",
    type: "RecipesPageCopy",
    features: ["recipes.json"],
  },
  contact: {
    path: "/kontakt-unterstuetzung",
    kind: "content",
    title: "Kontakt & Unterstützung",
    navLabel: "Kontakt",
    inSitemap: true,
    content: "pages/kontakt-unterstuetzung.json",
    type: "ContactPageCopy",
    features: ["faq.json"],
    shows: ["site.json"],
  },
  confirmSignup: {
    path: "/anmeldung-bestaetigen",
    kind: "mail-landing",
    title: "Anmeldung bestätigen",
    inSitemap: false,
    content: "pages/anmeldung-bestaetigen.json",
    type: "ConfirmSignupPageCopy",
    needsToken: true,
  },
  unsubscribe: {
    path: "/abmelden",
    kind: "mail-landing",
    title: "Abmelden",
    inSitemap: false,
    content: "pages/abmelden.json",
    type: "UnsubscribePageCopy",
    needsToken: true,
  },
  signupConfirmed: {
    path: "/anmeldung-bestaetigt",
    kind: "mail-landing",
    title: "Anmeldung bestätigt",
    inSitemap: false,
    content: "pages/anmeldung-bestaetigt.json",
    type: "SignupConfirmedPageCopy",
    shape: "next-steps",
  },
  unsubscribed: {
    path: "/abmeldung-bestaetigt",
    kind: "mail-landing",
    title: "Abmeldung bestätigt",
    inSitemap: false,
    content: "pages/abmeldung-bestaetigt.json",
    type: "UnsubscribedPageCopy",
  },
  invalidLink: {
    path: "/link-ungueltig",
    kind: "mail-landing",
    title: "Link ungültig",
    inSitemap: false,
    content: "pages/link-ungueltig.json",
    type: "InvalidLinkPageCopy",
  },
  thanks: {
    path: "/danke-willkommen",
    kind: "form-result",
    title: "Danke",
    inSitemap: false,
    content: "pages/danke-willkommen.json",
    type: "ThanksPageCopy",
    contentTitle: "Texte der Dankeseite nach der Anmeldung",
  },
  privacy: {
    path: "/datenschutz",
    kind: "legal",
    title: "Datenschutzerklärung",
    inSitemap: true,
    content: "legal/datenschutz.md",
  },
  personalData: {
    path: "/personenbezogene-daten",
    kind: "legal",
    title: "Verarbeitung personenbezogener Daten",
    inSitemap: true,
    content: "legal/personenbezogene-daten.md",
  },
  terms: {
    path: "/agb",
    kind: "legal",
    title: "AGB",
    inSitemap: true,
    content: "legal/agb.md",
    contentTitle: "Allgemeine Geschäftsbedingungen",
  },
  imprint: {
    path: "/impressum",
    kind: "legal",
    title: "Impressum",
    inSitemap: true,
    content: "legal/impressum.md",
    // Its picture credits are written from the pictures' records.
    features: ["image-credits.json"],
  },
  accessibility: {
    path: "/barrierefreiheit",
    kind: "legal",
    title: "Barrierefreiheit",
    inSitemap: true,
    content: "legal/barrierefreiheit.md",
    contentTitle: "Erklärung zur Barrierefreiheit",
  },
  owner: { path: "/verwaltung", kind: "owner", title: "Verwaltung", inSitemap: false },
} as const satisfies Record<string, SiteRoute>;

export type RouteId = keyof typeof ROUTES;

/** The GraphQL types of the pages' copy, one per page with a pages/*.json file. */
/** The copy types with a schema of their own: the rows that name no shape. */
export type PageCopyType = Extract<(typeof ROUTES)[RouteId], { type: string; shape?: undefined }>["type"];

/** Every route, in the table's order (also the order of the pages' copy in „Inhalte“). */
export const ALL_ROUTES: readonly SiteRoute[] = Object.values(ROUTES);

/** Everything under this prefix is the server's; the rest are pages of the build. */
export const API_PREFIX = "/api";

/** The owner area's API; its routes are relative to it (common/owner/schemas.ts). */
export const OWNER_API_PREFIX = `${API_PREFIX}/verwaltung`;

/** The endpoints of the server that forms and mail links use. */
export const API_PATHS = {
  leads: `${API_PREFIX}/leads`,
  contact: `${API_PREFIX}/contact`,
  /** A fresh proof-of-work challenge for a form (GET; common/forms/proof-of-work.ts). */
  challenge: `${API_PREFIX}/challenge`,
  /** The confirmation link of the double opt-in mail (GET) and the button of its page (POST). */
  confirm: `${API_PREFIX}/leads/confirm`,
  /** The unsubscribe link of every lead mail (GET), its page's button and the one-click POST. */
  unsubscribe: `${API_PREFIX}/leads/unsubscribe`,
  /** The workflow's report on the release of a commit „Inhalte“ pushed (POST, signed; common/release-report.ts). */
  releaseStatus: `${API_PREFIX}/release-status`,
} as const;

/**
 * Where the owner area's screens are, for the links of mails, notifications and tests; the screens themselves,
 * with their labels, who sees them and their menus, are the table in src/owner/screens.tsx.
 */
const OWNER = ROUTES.owner.path;
export const OWNER_SCREENS = {
  overview: { path: OWNER },
  requests: { path: `${OWNER}/anfragen` },
  leads: { path: `${OWNER}/leads` },
  visitors: { path: `${OWNER}/besucher` },
  experiments: { path: `${OWNER}/experimente` },
  newsletter: { path: `${OWNER}/newsletter` },
  content: { path: `${OWNER}/inhalte` },
  person: { path: `${OWNER}/person` },
  audit: { path: `${OWNER}/protokoll` },
  webhooks: { path: `${OWNER}/webhooks` },
  security: { path: `${OWNER}/sicherheit` },
} as const;

/** The owner's login page, where login links lead. */
export const OWNER_LOGIN_PATH = `${OWNER}/anmelden`;

/** One contact request in the owner area, as notifications, reminders and webhooks link to it. */
export const ownerRequestPath = (id: number | string) => `${OWNER_SCREENS.requests.path}/${id}`;

/** The changes proposed in „Inhalte“ that wait for an owner's approval. */
export const OWNER_PROPOSALS_PATH = `${OWNER_SCREENS.content.path}/vorschlaege`;

/** One content file's form in „Inhalte“ ("legal/agb.md" → /verwaltung/inhalte/legal/agb.md). */
export const ownerContentFilePath = (file: string) => `${OWNER_SCREENS.content.path}/${file}`;

/** Gatsby's own copies of the not-found page, reached only through the 404 answer. */
export const NOT_FOUND_COPIES = ["/404", "/404.html", "/dev-404-page"] as const;

/** Paths sitemap.xml leaves out: every Gatsby page not meant to be found and the not-found copies (the owner area is no Gatsby page). */
export const SITEMAP_EXCLUDES: string[] = [
  ...ALL_ROUTES.filter((route) => !route.inSitemap && route.kind !== "owner").map((route) => route.path),
  ...NOT_FOUND_COPIES,
  // The pages of an experiment's variants (common/experiments/variant-pages.ts) are sent at their page's address.
  "/__variante-*",
  "/**/__variante-*",
];

/** The legal pages' slugs ("datenschutz", …), the names of their files under content/legal/. */
export const LEGAL_SLUGS = ALL_ROUTES.filter((route) => route.kind === "legal").map((route) => route.path.slice(1));
