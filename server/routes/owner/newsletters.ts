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
import { ownerOf } from "./guard";
import { field, recordId } from "./input";
import { OWNER_MESSAGES } from "./messages";

const text = (body: unknown) => ({
  subject: field(body, "subject") ?? "",
  preheader: field(body, "preheader") ?? "",
  body: field(body, "body") ?? "",
});

/** The German answer to a refusal; anything else is left to the server's error handler. */
function refused(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof NewsletterInputError) return sendError(request, reply, { status: 400, message: error.problems.join(" ") });
  if (error instanceof NewsletterLimitError || error instanceof NewsletterStateError)
    return sendError(request, reply, { status: 409, message: error.message });
  throw error;
}

export default async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  // Room for a long text (100,000 characters, up to 4 bytes each) with its JSON; longer bodies get a 413.
  const bodyLimit = 1_024 * 1_024;

  app.get("/api/verwaltung/newsletter", async () => ({
    newsletters: await listNewsletters(app.db),
    perMonth: limitSettings(app.mail).perMonth,
    timeZone: app.mail.site.timeZone,
  }));

  app.post("/api/verwaltung/newsletter/vorschau", { bodyLimit }, async (request, reply) => {
    try {
      return previewNewsletter(app.mail, text(request.body), "Vorname");
    } catch (error) {
      return refused(request, reply, error);
    }
  });

  app.post("/api/verwaltung/newsletter/test", { bodyLimit }, async (request, reply) => {
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
  app.post("/api/verwaltung/newsletter", { bodyLimit }, async (request, reply) => {
    const owner = ownerOf(request);
    const idField = field(request.body, "id");
    const send = field(request.body, "send");
    const at = field(request.body, "at");
    try {
      let sendAt: Date | undefined;
      if (send === "later") {
        try {
          sendAt = parseLocalDateTime(at ?? "", app.mail.site.timeZone);
        } catch (error) {
          throw new NewsletterInputError([`Wann soll er gesendet werden? ${(error as Error).message}.`]);
        }
      }
      let id: number;
      if (idField) {
        const existing = recordId(idField);
        if (!existing) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badId });
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
      } else await audit(app.db, owner, "newsletter-saved", `Nr. ${id}`);
      return { newsletter: await getNewsletter(app.db, id) };
    } catch (error) {
      return refused(request, reply, error);
    }
  });

  app.post<{ Params: { id: string } }>("/api/verwaltung/newsletter/:id/absagen", async (request, reply) => {
    const id = recordId(request.params.id);
    if (!id) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badId });
    try {
      await cancelNewsletter(app.db, id);
    } catch (error) {
      return refused(request, reply, error);
    }
    await audit(app.db, ownerOf(request), "newsletter-cancelled", `Nr. ${id}`);
    return { newsletter: await getNewsletter(app.db, id) };
  });
}
