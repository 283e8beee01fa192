/**
 * The server counts a page reached inside the site by Gatsby's fetch of its page-data.json
 * (server/analytics/request-kind.ts). So that fetch happens only when a page is really shown, the site
 * fetches no page data ahead: not for links in view (disableCorePrefetching in gatsby-browser.tsx) and not
 * when a link is hovered (gatsby-link calls the loader's `hovering`, which loads the page). A navigation
 * then loads the page data and the page's code at the click.
 */
interface GatsbyLoader {
  hovering?: (path: string) => void;
}

export function loadPagesOnlyWhenShown(): void {
  const loader = (window as unknown as { ___loader?: GatsbyLoader }).___loader;
  if (loader) loader.hovering = () => undefined;
}
