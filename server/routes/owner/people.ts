/**
 * Leads with their proof of consent, the newsletter export, one person's data (Art. 15), unsubscribing a
 * person whose withdrawal came by message (Art. 7 Abs. 3), erasure (Art. 17) and the audit log.
 */
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import { sendError } from "../../http/errors";
import { erasePerson, showPerson } from "../../services/privacy";
import { audit, AUDIT_PAGE_SIZE, auditNote, listAudit, maskEmail } from "../../services/audit-log";
import { unsubscribeAddress } from "../../services/lead-unsubscribe";
import { confirmedLeadsCsv, listLeads } from "../../services/lead-list";
import { ownerOf, requireRecentLogin } from "./guard";
import { OWNER_MESSAGES } from "./messages";
import { labelledRow, PERSON_SECTIONS } from "../../../common/privacy/person-fields";
import { ROUTES } from "../../../common/routes";
import { OWNER_API } from "../../../common/owner/api";
import type { PersonData } from "../../../common/owner/responses";
import type { LeadFilter } from "../../../common/owner/filters";
import { ownerRoute } from "./route";

const berlinDate = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date());

/** The list's filters as the owner's screen names them, for the audit log. */
const FILTER_NAMES: Record<LeadFilter, string> = {
  alle: "alle",
  pending: "unbestätigt",
  confirmed: "bestätigt",
  unsubscribed: "abgemeldet",
};

export default async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const route = ownerRoute(app);

  route(OWNER_API.leads, async (request, reply) => {
    const { status = "alle", vor } = request.query;
    const beforeId = vor === undefined ? undefined : Number(vor);
    // Paging through the confirmed leads gives what the export gives: the same recent login, and an audit entry.
    const readsConfirmed = status === "confirmed" || (status === "alle" && beforeId !== undefined);
    if (readsConfirmed) {
      await requireRecentLogin(request, reply);
      if (reply.sent) return reply;
    }
    const page = await listLeads(app.db, { filter: status, beforeId });
    if (readsConfirmed) {
      const confirmed = page.leads.filter((lead) => lead.status === "confirmed").length;
      await audit(
        app.db,
        ownerOf(request),
        "leads-read",
        `${confirmed} bestätigte Anmeldungen (${FILTER_NAMES[status]}${beforeId ? `, vor Nr. ${beforeId}` : ""})`,
      );
    }
    return page;
  });

  route(OWNER_API.leadsExport, { preHandler: requireRecentLogin }, async (request, reply) => {
    const owner = ownerOf(request);
    let count = 0;
    // Sent as it is read; the audit row is written after the last lead, before the answer ends.
    async function* body() {
      let complete = false;
      try {
        yield* confirmedLeadsCsv(app.db, (leads) => (count += leads));
        complete = true;
      } finally {
        await audit(app.db, owner, "export", `${count} bestätigte Anmeldungen${complete ? "" : " (abgebrochen)"}`);
      }
    }
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="leads-bestaetigt-${berlinDate()}.csv"`)
      .send(Readable.from(body()));
  });

  route(OWNER_API.person, async (request, reply) => {
    const { email } = request.query;
    const download = request.query.download === "1";
    const data = await showPerson(app.db, email.trim());
    const found = data.leads.length + data.contactRequests.length + data.mails.length > 0;
    await audit(app.db, ownerOf(request), download ? "person-downloaded" : "person-viewed", maskEmail(email));
    if (download) {
      // Finished JSON text, which Fastify sends as it is: the response schema is the person view's.
      const file: FastifyReply = reply;
      return file
        .header("content-disposition", `attachment; filename="auskunft-${berlinDate()}.json"`)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(accessReport(data, app.mail.siteUrl), null, 2));
    }
    return { found, data };
  });

  // A withdrawal that came by message: what the unsubscribe link does, with the same recent login as erasing.
  route(OWNER_API.unsubscribePerson, { preValidation: requireRecentLogin }, async (request, reply) => {
    const email = request.body.email.trim();
    const result = await unsubscribeAddress(app.db, email, app.ledger);
    if (result.outcome === "none") return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.leadMissing });
    if (result.outcome === "unsubscribed") {
      const note = auditNote(request.body.note);
      const was = result.was === "confirmed" ? "war bestätigt" : "war unbestätigt";
      await audit(app.db, ownerOf(request), "unsubscribe", `${maskEmail(email)} (${was})${note ? `: ${note}` : ""}`);
    }
    return { unsubscribed: result.outcome === "unsubscribed", already: result.outcome === "already" };
  });

  route(OWNER_API.erasePerson, { preValidation: requireRecentLogin }, async (request, reply) => {
    const { email, confirmation } = request.body;
    if (confirmation?.trim().toLowerCase() !== email.trim().toLowerCase()) {
      return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.eraseMismatch });
    }
    const result = await erasePerson(app.db, email.trim(), app.ledger);
    await audit(
      app.db,
      ownerOf(request),
      "erase",
      `${maskEmail(email)}: ${result.leads} Anmeldung(en), ${result.contactRequests} Anfrage(n), ${result.mails} E-Mail(s)`,
    );
    return { erased: result };
  });

  route(OWNER_API.audit, async (request) => {
    const { vor } = request.query;
    const entries = await listAudit(app.db, vor === undefined ? undefined : Number(vor));
    return {
      entries,
      next: entries.length === AUDIT_PAGE_SIZE ? entries[entries.length - 1]!.id : null,
      // The page says how long entries are kept, from the same setting the purge and the privacy texts use.
      keepDays: app.mail.site.retention.auditLogDays,
    };
  });
}

/**
 * The copy of a person's data for an access request (Art. 15 DSGVO) in a form the person can read: German
 * names throughout, and where the information that goes with it (purposes, recipients, periods, rights) stands.
 */
export function accessReport(data: PersonData, siteUrl: string): Record<string, unknown> {
  return {
    "Auskunft nach Art. 15 DSGVO": {
      "E-Mail-Adresse": data.email,
      Stand: new Date().toISOString(),
      "Zwecke, Rechtsgrundlagen, Empfänger und Speicherdauer": `${siteUrl}${ROUTES.privacy.path} und ${siteUrl}${ROUTES.personalData.path}`,
      Herkunft: "Diese Angaben hast du uns selbst gegeben – über ein Formular auf unserer Website oder per E-Mail.",
      "Automatisierte Entscheidungen": "keine; wir erstellen kein Profil von dir (Art. 22 DSGVO)",
      "Deine Rechte":
        "Berichtigung, Löschung, Einschränkung, Datenübertragbarkeit, Widerspruch und Widerruf einer Einwilligung (Art. 16 bis 21 und Art. 7 Abs. 3 DSGVO) sowie Beschwerde bei einer Aufsichtsbehörde (Art. 77 DSGVO); eine Nachricht an uns genügt.",
    },
    ...Object.fromEntries(
      PERSON_SECTIONS.map(({ key, title }) => [
        title,
        (data[key] as Record<string, unknown>[]).map((row) => labelledRow(key, row)),
      ]),
    ),
  };
}
