/**
 * The owner area's newsletters: list with status and figures, preview (HTML and plain text as recipients
 * get them), save a draft, send a test to the logged-in owner, send now or schedule (Europe/Berlin), cancel.
 * Refusals (text, the consent's monthly limit, state) answer with the German message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import { NewsletterLimitError } from "../../newsletters/limit";
import { parseLocalDateTime } from "../../newsletters/month";
import {
  cancelNewsletter,
  createNewsletter,
  getNewsletter,
  limitSettings,
  listNewsletters,
  NewsletterStateError,
  scheduleNewsletter,
  updateNewsletter,
} from "../../newsletters/newsletters";
import { NewsletterInputError } from "../../newsletters/render";
import { previewNewsletter, queueTestMail } from "../../newsletters/test-mail";
import { notifyNewsletterScheduled } from "../../services/owner-alerts";
import { ownerOf, requireRecentLogin } from "./guard";
import type { NewsletterTextBody } from "../../../common/owner/schemas";
import { OWNER_API } from "../../../common/owner/api";
import { OWNER_MESSAGES } from "./messages";
import { ownerRoute } from "./route";

const text = (body: NewsletterTextBody) => ({
  subject: body.subject ?? "",
  preheader: body.preheader ?? "",
  body: body.body ?? "",
});

/** The German answer to a refusal; anything else is left to the server's error handler. */
function refused(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof NewsletterInputError) return sendError(request, reply, { status: 400, message: error.problems.join(" ") });
  if (error instanceof NewsletterLimitError || error instanceof NewsletterStateError)
    return sendError(request, reply, { status: 409, message: error.message });
  throw error;
}

export default async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const route = ownerRoute(app);
  // Room for a long text (100,000 characters, up to 4 bytes each) with its JSON; longer bodies get a 413.
  const withText = { bodyLimit: 1_024 * 1_024 };

  route(OWNER_API.newsletters, async () => ({
    newsletters: await listNewsletters(app.db),
    perMonth: limitSettings(app.mail).perMonth,
    timeZone: app.mail.site.timeZone,
  }));

  route(OWNER_API.newsletterPreview, withText, async (request, reply) => {
    try {
      return previewNewsletter(app.mail, text(request.body), "Vorname");
    } catch (error) {
      return refused(request, reply, error);
    }
  });

  route(OWNER_API.newsletterTest, withText, async (request, reply) => {
    const owner = ownerOf(request);
    try {
      await queueTestMail(app.db, app.mail, text(request.body), owner);
    } catch (error) {
      return refused(request, reply, error);
    }
    await audit(app.db, owner, "newsletter-test");
    return { sentTo: owner };
  });

  /** Saves the text (a new draft, or the draft `id`), then, with `send`, sends it now or at `at`. */
  route(OWNER_API.saveNewsletter, withText, async (request, reply) => {
    const owner = ownerOf(request);
    const { id: idField, send, at } = request.body;
    // Sending reaches every confirmed lead: a stolen session alone must not do it.
    if (send === "now" || send === "later") {
      await requireRecentLogin(request, reply);
      if (reply.sent) return reply;
    }
    try {
      let sendAt: Date | undefined;
      if (send === "later") {
        try {
          sendAt = parseLocalDateTime(at ?? "", app.mail.site.timeZone);
        } catch (error) {
          throw new NewsletterInputError([`${OWNER_MESSAGES.newsletterWhen} ${(error as Error).message}.`]);
        }
      }
      let id: number;
      if (idField) {
        const existing = Number(idField);
        await updateNewsletter(app.db, app.mail, existing, text(request.body));
        id = existing;
      } else id = await createNewsletter(app.db, app.mail, text(request.body), owner);
      if (send === "now" || send === "later") {
        const when = await scheduleNewsletter(app.db, app.mail, id, sendAt).catch(async (error: unknown) => {
          // A refused new one is not kept as a draft: its text stays in the form, ready for another date.
          if (!idField) await app.db.query("DELETE FROM newsletters WHERE id = $1 AND status = 'draft'", [id]);
          throw error;
        });
        await audit(app.db, owner, "newsletter-scheduled", `Nr. ${id}, ${when.toISOString()}`);
        await notifyNewsletterScheduled(app.db, app.mail, app.config.ownerEmails, {
          owner,
          subject: text(request.body).subject,
          sendAt: when,
        });
      } else await audit(app.db, owner, "newsletter-saved", `Nr. ${id}`);
      return { newsletter: await getNewsletter(app.db, id) };
    } catch (error) {
      return refused(request, reply, error);
    }
  });

  route(OWNER_API.cancelNewsletter, async (request, reply) => {
    const id = Number(request.params.id);
    try {
      await cancelNewsletter(app.db, id);
    } catch (error) {
      return refused(request, reply, error);
    }
    await audit(app.db, ownerOf(request), "newsletter-cancelled", `Nr. ${id}`);
    return { newsletter: await getNewsletter(app.db, id) };
  });
}
