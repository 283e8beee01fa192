/** POST /api/leads: the information form (name, e-mail), stored as a pending lead for double opt-in. */
import type { FastifyInstance } from "fastify";
import { INFO_FORM_ID } from "../../src/constants";
import { leadSchema } from "../../src/forms/schemas";
import {
  FORM_BODY_LIMIT,
  answerAccepted,
  answerInvalid,
  formBodySchema,
  formResponseSchema,
  guardFormPost,
  isHoneypotFilled,
  validateForm,
} from "../http/form-post";
import { sendingPage } from "../http/request-info";
import { submitLead } from "../services/leads";

export default async function leadRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    "/api/leads",
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: guardFormPost(app.allowedOrigins),
      config: { rateLimit: app.formRateLimit },
      schema: { body: formBodySchema(["name", "email"]), response: formResponseSchema },
      attachValidation: true,
    },
    async (request, reply) => {
      if (isHoneypotFilled(request.body)) return answerAccepted(request, reply);
      const formPage = sendingPage(request, "/");
      const result = await validateForm(leadSchema, request.body);
      if ("errors" in result) return answerInvalid(request, reply, result.errors, `${formPage}#${INFO_FORM_ID}`);
      await submitLead(app.db, result.values, { formPage, consent: app.consentVersions }, app.mail);
      return answerAccepted(request, reply);
    },
  );
}
