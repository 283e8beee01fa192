/** Where Gatsby serves the data of the page at `route`: its path under /page-data/, the home page as "index". */
export function pageDataPath(route: string): string {
  return `/page-data${route === "/" ? "/index" : route}/page-data.json`;
}
