/** POST /api/contact: the contact form (name, e-mail, message). */
import type { FastifyInstance } from "fastify";
import { contactSchema } from "../../common/forms/schemas";
import { API_PATHS, ROUTES } from "../../common/routes";
import { createGroupCommit, FORM_BATCH_MAX, statementLanes } from "../db/group-commit";
import { registerFormRoute } from "../http/form-post";
import { warnOfBrake } from "../services/form-mail-bounds";
import { prepareContact, writeContacts, type PreparedContact, type StoredContactRequest } from "../services/contact";

export default async function contactRoutes(app: FastifyInstance): Promise<void> {
  const write = createGroupCommit<PreparedContact, StoredContactRequest>({
    writeBatch: (requests) => writeContacts(app.db, requests),
    maxBatch: FORM_BATCH_MAX,
    maxInFlight: statementLanes(app.db.driver),
  });
  registerFormRoute(app, {
    url: API_PATHS.contact,
    schema: contactSchema,
    page: ROUTES.contact.path,
    kind: "contact",
    submit: async (values, formPage, source, spam) => {
      const stored = await write(prepareContact(values, { formPage, source, spam }, app.mail));
      if (stored.held)
        warnOfBrake(app.db, app.mail, app.config.ownerEmails).then(
          (warned) => warned && app.log.warn("form mail brake on: acknowledgments held, owners warned"),
          (error: Error) => app.log.error({ reason: error.message }, "form mail brake warning failed"),
        );
      return stored;
    },
  });
}
