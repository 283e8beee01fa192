/** POST /api/contact: the contact form (name, e-mail, message). */
import type { FastifyInstance } from "fastify";
import { contactSchema } from "../../src/forms/schemas";
import { API_PATHS, ROUTES } from "../../src/routes";
import { registerFormRoute } from "../http/form-post";
import { submitContact } from "../services/contact";

export default async function contactRoutes(app: FastifyInstance): Promise<void> {
  registerFormRoute(app, {
    url: API_PATHS.contact,
    schema: contactSchema,
    page: ROUTES.contact.path,
    submit: (values, formPage) => submitContact(app.db, values, { formPage }, app.mail),
  });
}
