/** POST /api/leads: the information form (name, e-mail), stored as a pending lead for double opt-in. */
import type { FastifyInstance } from "fastify";
import { INFO_FORM_ID } from "../../common/constants";
import { leadSchema } from "../../common/forms/schemas";
import { API_PATHS, ROUTES } from "../../common/routes";
import { createGroupCommit, FORM_BATCH_MAX, statementLanes } from "../db/group-commit";
import { registerFormRoute } from "../http/form-post";
import { leadAddressKey, prepareLead, writeLeads } from "../services/leads";

export default async function leadRoutes(app: FastifyInstance): Promise<void> {
  const write = createGroupCommit({
    writeBatch: (leads) => writeLeads(app.db, leads),
    key: leadAddressKey,
    maxBatch: FORM_BATCH_MAX,
    maxInFlight: statementLanes(app.db.driver),
  });
  registerFormRoute(app, {
    url: API_PATHS.leads,
    schema: leadSchema,
    page: ROUTES.home.path,
    anchor: INFO_FORM_ID,
    kind: "lead",
    submit: (values, formPage, source, spam) =>
      write(prepareLead(values, { formPage, source, spam, consent: app.consentVersions }, app.mail)),
  });
}
