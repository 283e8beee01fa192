/**
 * The links in lead mails. Opening one changes nothing, because mail scanners (Safe Links, Proofpoint …)
 * open every link: GET /api/leads/confirm?token=… leads to the page "Anmeldung bestätigen", and only its
 * button (POST /api/leads/confirm) confirms. The same for GET /api/leads/unsubscribe and the page
 * "Abmelden"; POST /api/leads/unsubscribe with `List-Unsubscribe=One-Click` is the one-click unsubscribe
 * of RFC 8058 that mail programs send for `List-Unsubscribe-Post`, without a page.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Queryable } from "../db/types";
import { confirmLead, isConfirmable } from "../services/lead-confirmation";
import { isUnsubscribeToken, unsubscribeLead } from "../services/lead-unsubscribe";
import { isWellFormedToken } from "../services/link-tokens";
import { sendError } from "../http/errors";
import { acceptMultipartFields } from "../http/multipart-fields";
import { guardFormPost } from "../http/form-post";
import type { SiteFiles } from "../static/site-files";
import { sendTokenPage, type TokenPage } from "./token-pages";
import { API_PATHS, ROUTES } from "../../common/routes";

export const CONFIRMED_PATH = ROUTES.signupConfirmed.path;
export const UNSUBSCRIBED_PATH = ROUTES.unsubscribed.path;
export const INVALID_LINK_PATH = ROUTES.invalidLink.path;

export const CONFIRM_PAGE: TokenPage = {
  path: ROUTES.confirmSignup.path,
  action: API_PATHS.confirm,
  content: ROUTES.confirmSignup.content,
};

export const UNSUBSCRIBE_PAGE: TokenPage = {
  path: ROUTES.unsubscribe.path,
  action: API_PATHS.unsubscribe,
  content: ROUTES.unsubscribe.content,
};

function tokenIn(source: unknown): unknown {
  return source && typeof source === "object" ? (source as Record<string, unknown>).token : undefined;
}

function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header("location", location).send();
}

/** Where a valid link leads: its page, with the token (43 URL-safe characters, checked) in the query. */
function pageFor(page: TokenPage, token: unknown): string {
  return isWellFormedToken(token) ? `${page.path}?token=${token}` : INVALID_LINK_PATH;
}

export default async function leadTokenRoutes(app: FastifyInstance, options: { site: SiteFiles }): Promise<void> {
  const limited = { config: { rateLimit: app.formRateLimit } };
  const formPost = { ...limited, onRequest: guardFormPost(app.allowedOrigins) };

  /**
   * A link from a mail and the page it opens. GET (and the HEAD Fastify derives from it) only look: the
   * lead stays as it is until the page's button posts.
   */
  const linkAndPage = (
    link: string,
    page: TokenPage,
    isValid: (db: Queryable, token: unknown) => Promise<boolean>,
    label: string,
  ) => {
    app.get(link, limited, async (request, reply) => {
      const token = tokenIn(request.query);
      const valid = await isValid(app.db, token);
      request.log.info({ outcome: valid ? "page" : "invalid" }, label);
      return seeOther(reply, valid ? pageFor(page, token) : INVALID_LINK_PATH);
    });
    app.get(page.path, limited, async (request, reply) => {
      const token = tokenIn(request.query);
      // Without a token the page is shown as built (its button then leads to /link-ungueltig).
      if (token === undefined) return sendTokenPage(options.site, reply, page, "");
      if (!isWellFormedToken(token) || !(await isValid(app.db, token))) return seeOther(reply, INVALID_LINK_PATH);
      return sendTokenPage(options.site, reply, page, token);
    });
  };
  linkAndPage(CONFIRM_PAGE.action, CONFIRM_PAGE, isConfirmable, "lead confirmation link opened");
  linkAndPage(UNSUBSCRIBE_PAGE.action, UNSUBSCRIBE_PAGE, isUnsubscribeToken, "unsubscribe link opened");

  app.post(API_PATHS.confirm, formPost, async (request, reply) => {
    const outcome = await confirmLead(app.db, app.mail, tokenIn(request.body) ?? tokenIn(request.query));
    request.log.info({ outcome }, "lead confirmation");
    return seeOther(reply, outcome === "done" ? CONFIRMED_PATH : INVALID_LINK_PATH);
  });

  // The page's button posts the token in the body; a mail program's one-click POST has it in the link. Mail
  // providers may send that POST as multipart/form-data, which RFC 8058 prefers: only this route reads it.
  await app.register(async (oneClick) => {
    await acceptMultipartFields(oneClick);
    oneClick.post(API_PATHS.unsubscribe, limited, async (request, reply) => {
      const oneClickPost = (request.body as Record<string, unknown> | undefined)?.["List-Unsubscribe"] === "One-Click";
      const outcome = await unsubscribeLead(app.db, tokenIn(request.body) ?? tokenIn(request.query), app.ledger);
      request.log.info({ outcome, oneClick: oneClickPost }, "unsubscribe");
      if (!oneClickPost) return seeOther(reply, outcome === "done" ? UNSUBSCRIBED_PATH : INVALID_LINK_PATH);
      if (outcome === "done") return reply.code(200).send({ ok: true });
      return sendError(request, reply, { status: 404, message: "Dieser Abmeldelink ist ungültig." });
    });
  });
}
