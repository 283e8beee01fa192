/**
 * The owner area's screens, one row each: its path (`:name` is one part of the path, `/*` anything below,
 * the path itself included), the screen (a chunk of its own, loaded when first shown), who sees it and whose
 * menu lists it, under which label. The router (OwnerApp.tsx) and both menus (OwnerLayout.tsx) derive from
 * it. Paths that mails and notifications link to are in common/routes.ts (OWNER_SCREENS).
 */
import { lazy, type ComponentType } from "react";
import { OWNER_LOGIN_PATH, OWNER_SCREENS } from "../../common/routes";
import type { OwnerRole } from "../../common/owner/responses";
import type { ScreenProps } from "./router";

export interface Screen {
  path: string;
  component: ComponentType<ScreenProps>;
  /** "owners" (the default), "editors" (owners too), or "public": shown without a session (the login). */
  who?: "owners" | "editors" | "public";
  /** The label in the menu of those who see it; none: not in the menu. */
  label?: string;
  /** Only in the owners' menu, though editors may open it (an editor reaches „Sicherheit“ by their address). */
  ownersMenu?: boolean;
}

/** A screen's chunk, with the props every screen gets. */
function screen(load: () => Promise<ComponentType<ScreenProps>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}

const S = OWNER_SCREENS;
export const SCREENS: Screen[] = [
  { path: OWNER_LOGIN_PATH, who: "public", component: screen(() => import("./pages/LoginPage").then((m) => m.LoginPage)) },
  {
    path: S.overview.path,
    label: "Übersicht",
    component: screen(() => import("./pages/OverviewPage").then((m) => m.OverviewPage)),
  },
  {
    path: S.requests.path,
    label: "Anfragen",
    component: screen(() => import("./pages/RequestsPage").then((m) => m.RequestsPage)),
  },
  { path: `${S.requests.path}/:id`, component: screen(() => import("./pages/RequestPage").then((m) => m.RequestPage)) },
  { path: S.leads.path, label: "Anmeldungen", component: screen(() => import("./pages/LeadsPage").then((m) => m.LeadsPage)) },
  {
    path: S.visitors.path,
    label: "Besucher",
    component: screen(() => import("./pages/VisitorsPage").then((m) => m.VisitorsPage)),
  },
  {
    path: S.experiments.path,
    label: "Experimente",
    component: screen(() => import("./pages/ExperimentsPage").then((m) => m.ExperimentsPage)),
  },
  {
    path: S.newsletter.path,
    label: "Newsletter",
    component: screen(() => import("./pages/NewsletterPage").then((m) => m.NewsletterPage)),
  },
  {
    path: `${S.content.path}/*`,
    label: "Inhalte",
    who: "editors",
    component: screen(() => import("./pages/ContentPage").then((m) => m.ContentPage)),
  },
  { path: S.person.path, label: "Person", component: screen(() => import("./pages/PersonPage").then((m) => m.PersonPage)) },
  { path: S.audit.path, label: "Protokoll", component: screen(() => import("./pages/AuditPage").then((m) => m.AuditPage)) },
  {
    path: S.webhooks.path,
    label: "Webhooks",
    component: screen(() => import("./pages/WebhooksPage").then((m) => m.WebhooksPage)),
  },
  {
    path: S.security.path,
    label: "Sicherheit",
    who: "editors",
    ownersMenu: true,
    component: screen(() => import("./pages/SecurityPage").then((m) => m.SecurityPage)),
  },
];

/** Where each role starts (the area's own address): owners on „Übersicht“, editors on „Inhalte“. */
export const START: Record<OwnerRole, string> = { owner: S.overview.path, editor: S.content.path };

const sees = (screen: Screen, role: OwnerRole | undefined) =>
  role === undefined ? screen.who === "public" : screen.who === "editors" || (role === "owner" && screen.who !== "public");

/** The screen a path shows for a role (none logged in: only the public ones), with the parts its pattern names. */
export function screenFor(
  path: string,
  role: OwnerRole | undefined,
): { screen: Screen; params: Record<string, string> } | undefined {
  for (const screen of SCREENS) {
    if (!sees(screen, role)) continue;
    const params = matchPath(screen.path, path);
    if (params) return { screen, params };
  }
  return undefined;
}

/** The parts of `path` that `pattern` names, or undefined when it does not match. */
function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  if (pattern.endsWith("/*")) {
    const base = pattern.slice(0, -2);
    return path === base || path.startsWith(`${base}/`) ? {} : undefined;
  }
  const wanted = pattern.split("/");
  const parts = path.split("/");
  if (wanted.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    if (part.startsWith(":") && parts[index]) params[part.slice(1)] = parts[index]!;
    else if (part !== parts[index]) return undefined;
  }
  return params;
}

/** A role's menu: its screens with a label, in the table's order. */
export function menuFor(role: OwnerRole): { path: string; label: string }[] {
  return SCREENS.filter((screen) => screen.label && sees(screen, role) && (role === "owner" || !screen.ownersMenu)).map(
    (screen) => ({ path: screen.path.replace(/\/\*$/, ""), label: screen.label! }),
  );
}
