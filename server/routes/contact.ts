/** POST /api/contact: the contact form (name, e-mail, message). */
import type { FastifyInstance } from "fastify";
import { contactSchema } from "../../src/forms/schemas";
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
import { submitContact } from "../services/contact";

export const CONTACT_PAGE = "/kontakt-unterstuetzung";

export default async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    "/api/contact",
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: guardFormPost(app.allowedOrigins),
      config: { rateLimit: app.formRateLimit },
      schema: { body: formBodySchema(["name", "email", "message"]), response: formResponseSchema },
      attachValidation: true,
    },
    async (request, reply) => {
      if (isHoneypotFilled(request.body)) return answerAccepted(request, reply);
      const formPage = sendingPage(request, CONTACT_PAGE);
      const result = await validateForm(contactSchema, request.body);
      if ("errors" in result) return answerInvalid(request, reply, result.errors, formPage);
      await submitContact(app.db, result.values, { formPage }, app.mail);
      return answerAccepted(request, reply);
    },
  );
}
