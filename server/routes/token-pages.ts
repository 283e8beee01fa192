/**
 * The two pages a link in a lead mail opens: "Anmeldung bestätigen" and "Abmelden", each a page of the
 * Gatsby build with a form whose hidden `token` field the server fills in for a valid link. The page is
 * served as built (same look, same CSP with its script hashes), never cached, since it carries the token.
 */
import type { FastifyReply } from "fastify";
import path from "node:path";
import { escapeHtml } from "../../common/escape-html";
import { readContentFile, readSiteSettings } from "../../common/content/read-content";
import type { SiteFiles } from "../static/site-files";
import { PALETTE } from "../../common/brand";
import { PLAIN_PAGE_STYLE, plainPage } from "../http/plain-page";

export interface TokenPage {
  /** The page's route in the build, e.g. /anmeldung-bestaetigen. */
  path: string;
  /** Where its form posts to. */
  action: string;
  /**
   * Its content file (common/routes.ts), e.g. "pages/abmelden.json". When the build lacks the page (an old
   * or missing build), a plain page with the same form takes its heading, lead and button from there.
   */
  content: string;
}

interface PageCopy {
  hero: { title: string; lead: string };
  button: string;
}

/** The words of the plain page, read from the page's content file and site.json when it is needed. */
function fallbackCopy(page: TokenPage, contentDir = path.resolve("content")) {
  const { hero, button } = readContentFile<PageCopy>(contentDir, page.content);
  return { title: hero.title, intro: hero.lead, button, brand: readSiteSettings(contentDir).brand };
}

/** The empty hidden field as the build renders it (src/components/sections/TokenForm.tsx): `value` or `value=""`. */
const EMPTY_TOKEN_FIELD = /<input type="hidden" name="token" value(?:="")?\/?>/g;

/** The built page with the token in its form; undefined when the build has no such page or field. */
export async function filledPage(
  site: SiteFiles,
  page: TokenPage,
  token: string,
): Promise<{ html: string; csp?: string } | undefined> {
  const file = await site.cached(path.join(site.publicDir, page.path.slice(1), "index.html"));
  if (!file) return undefined;
  const html = file.body.toString("utf8");
  const fields = html.match(EMPTY_TOKEN_FIELD) ?? [];
  if (fields.length !== 1) return undefined;
  return {
    html: html.replace(EMPTY_TOKEN_FIELD, `<input type="hidden" name="token" value="${escapeHtml(token)}"/>`),
    csp: file.csp,
  };
}

const FALLBACK_STYLE = `${PLAIN_PAGE_STYLE}
button{background:${PALETTE["forest-800"]};color:#fff;padding:.8rem 1.4rem;border:0;border-radius:.4rem;font-size:1rem;font-weight:600;cursor:pointer}`;

function fallbackPage(page: TokenPage, token: string): string {
  const { title, intro, button, brand } = fallbackCopy(page);
  return plainPage({
    title: `${title} | ${brand}`,
    noindex: true,
    style: FALLBACK_STYLE,
    body: `<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}"/>
<button type="submit">${escapeHtml(button)}</button>
</form>
</main>`,
  });
}

/** Answers with the page for a token the caller has checked (well-formed and valid), or "" for none. */
export async function sendTokenPage(site: SiteFiles, reply: FastifyReply, page: TokenPage, token: string): Promise<FastifyReply> {
  const built = await filledPage(site, page, token);
  if (!built) reply.log.warn({ page: page.path }, "token page missing from the build, plain page sent");
  reply.code(200).type("text/html; charset=utf-8").header("cache-control", "no-store");
  if (built?.csp) reply.header("content-security-policy", built.csp);
  return reply.send(built?.html ?? fallbackPage(page, token));
}
