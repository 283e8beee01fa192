/** Every site-wide link list, in one place: header, footer quick links, footer legal links (paths and names: common/routes.ts). */
import { ROUTES, type RouteId } from "./routes";

export interface NavLink {
  to: string;
  label: string;
}

const byTitle = (id: RouteId): NavLink => ({ to: ROUTES[id].path, label: ROUTES[id].title });

export const HEADER_LINKS: NavLink[] = (["home", "movement", "nutrition", "contact"] as const).map((id) => ({
  to: ROUTES[id].path,
  label: ROUTES[id].navLabel,
}));

export const FOOTER_QUICK_LINKS: NavLink[] = (["home", "movement", "nutrition", "recipes"] as const).map(byTitle);

export const FOOTER_LEGAL_LINKS: NavLink[] = (["privacy", "personalData", "terms", "imprint", "accessibility"] as const).map(
  byTitle,
);
