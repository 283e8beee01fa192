/** The owner's passkeys: add (WebAuthn registration), list, remove. */
import type { FastifyInstance } from "fastify";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import { listPasskeys, PASSKEY_NAME_MAX, registerPasskey, registrationOptions, removePasskey } from "../../services/passkeys";
import { ownerOf, requireOwner } from "./guard";
import { field } from "./input";
import { OWNER_MESSAGES } from "./messages";
import { relyingParty } from "./relying-party";

export default async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  app.addHook("preHandler", requireOwner);

  app.get("/api/verwaltung/passkeys", async (request) => ({ passkeys: await listPasskeys(app.db, ownerOf(request)) }));

  app.post("/api/verwaltung/passkeys/optionen", async (request) =>
    registrationOptions(app.db, relyingParty(app, request), ownerOf(request)),
  );

  app.post("/api/verwaltung/passkeys", async (request, reply) => {
    const name = field(request.body, "name")?.trim();
    if (!name || name.length > PASSKEY_NAME_MAX)
      return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.passkeyName });
    const response = (request.body as { response?: RegistrationResponseJSON }).response;
    const owner = ownerOf(request);
    const saved =
      typeof response === "object" &&
      response !== null &&
      (await registerPasskey(app.db, relyingParty(app, request), owner, name, response));
    if (!saved) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.passkeyNotSaved });
    await audit(app.db, owner, "passkey-added", name);
    return reply.code(201).send({ passkeys: await listPasskeys(app.db, owner) });
  });

  app.delete<{ Params: { id: string } }>("/api/verwaltung/passkeys/:id", async (request, reply) => {
    const owner = ownerOf(request);
    const id = request.params.id;
    if (!/^[A-Za-z0-9_-]{1,1024}$/.test(id)) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badId });
    if (!(await removePasskey(app.db, owner, id))) {
      return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.passkeyMissing });
    }
    await audit(app.db, owner, "passkey-removed", id.slice(0, 16));
    return { passkeys: await listPasskeys(app.db, owner) };
  });
}
