/**
 * Previews: a build of a change that is not live, served by the running server under
 * /vorschau/<token>/ to anyone who has the address (server/routes/preview.ts). The token is random and
 * stays the same when a preview of the same name is built again (server/release/previews.ts).
 */

/** Every preview's address starts here. */
export const PREVIEW_PREFIX = "/vorschau";

/** 128 random bits in base64url: nobody guesses it, and it is safe as a folder name. */
export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The address path of a preview, without a trailing slash (Gatsby's pathPrefix). */
export const previewPath = (token: string): string => `${PREVIEW_PREFIX}/${token}`;

/**
 * Set for a preview's Gatsby build: the change's name, shown in the banner; Gatsby hands GATSBY_ variables
 * to the browser's code too.
 */
export const PREVIEW_NAME_ENV = "GATSBY_URKRAFT_PREVIEW";

/** Set for a preview's Gatsby build: the address path every link, page data file and script starts with. */
export const PATH_PREFIX_ENV = "URKRAFT_PATH_PREFIX";

export const PREVIEW_BANNER_TITLE = "Vorschau – noch nicht veröffentlicht";

/** The answer to every form sent from a preview: nothing is stored and no mail goes out. */
export const PREVIEW_FORM_MESSAGE =
  "Das ist eine Vorschau: Formulare werden hier nicht gesendet, nichts wird gespeichert und keine E-Mail verschickt. Auf der veröffentlichten Seite funktioniert das Formular wie gewohnt.";

/** Previews older than this are deleted by the next preview build or `npm run deploy -- --list`. */
export const PREVIEW_MAX_AGE_DAYS = 14;

/**
 * A preview's name as given (branch names, "pr-12", "neue Rezepte"): what it must look like to be shown in
 * the banner and used as a key.
 */
export const PREVIEW_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._/#-]{0,79}$/u;

/** The live page's path for a path inside a preview (/vorschau/<token>/agb → /agb); other paths as they are. */
export function livePathOf(pathname: string): string {
  if (!pathname.startsWith(`${PREVIEW_PREFIX}/`)) return pathname || "/";
  return `/${pathname.split("/").slice(3).join("/")}`;
}
