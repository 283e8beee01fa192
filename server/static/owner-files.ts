/**
 * Where the owner area's build lives inside public/ (server/release/owner-build.ts writes it, the owner routes
 * serve it). Built apart from Gatsby, so no public page knows of it; the public file serving never
 * answers for this folder, only the owner routes behind OWNER_EMAILS do.
 */
import path from "node:path";

/** public/verwaltung/: the HTML shell as index.html, the bundle in assets/. */
export const OWNER_DIR = "verwaltung";
export const OWNER_SHELL = `${OWNER_DIR}/index.html`;
export const OWNER_ASSETS_DIR = `${OWNER_DIR}/assets`;
/** The URL path of the assets: /verwaltung/assets/main-3HDXK2QA.js */
export const OWNER_ASSETS_URL = `/${OWNER_ASSETS_DIR}/`;
/** esbuild's file names: name, dash, content hash, extension; nothing else is ever looked up. */
export const OWNER_ASSET_NAME = /^[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*-[A-Z0-9]{8}\.(?:js|css|woff2|woff)$/;

export function ownerShellFile(publicDir: string): string {
  return path.join(publicDir, ...OWNER_SHELL.split("/"));
}
