/** Every site-wide link list, in one place: header, footer quick links, footer legal links (paths and names: common/routes.ts). */
import { ALL_ROUTES, ROUTES, type RouteId } from "./routes";

export interface NavLink {
  to: string;
  label: string;
}

const byTitle = (id: RouteId): NavLink => ({ to: ROUTES[id].path, label: ROUTES[id].title });

/** The pages whose row has a navigation label, in the table's order. */
export const HEADER_LINKS: NavLink[] = ALL_ROUTES.flatMap((route) =>
  route.navLabel ? [{ to: route.path, label: route.navLabel }] : [],
);

export const FOOTER_QUICK_LINKS: NavLink[] = (["home", "movement", "nutrition", "recipes"] as const).map(byTitle);

export const FOOTER_LEGAL_LINKS: NavLink[] = (["privacy", "personalData", "terms", "imprint", "accessibility"] as const).map(
  byTitle,
);
