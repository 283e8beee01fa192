/**
 * The passkeys of the one logged in (owner or editor): list, add (WebAuthn registration), remove. Adding
 * and removing need a recent login (requireRecentLogin), and every owner gets a mail about it (an editor too).
 */
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import { notifyPasskeyChange } from "../../services/owner-alerts";
import { listPasskeys, PASSKEY_NAME_MAX, registerPasskey, registrationOptions, removePasskey } from "../../services/passkeys";
import { ownerOf, requireRecentLogin } from "./guard";
import { PasskeyBody, PasskeyIdParams } from "../../../common/owner/schemas";
import { PasskeyList, PasskeyOptions } from "../../../common/owner/responses";
import { OWNER_MESSAGES } from "./messages";
import { relyingParty } from "./relying-party";

export default async function passkeyRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const editors = { ownerAccess: "editors" } as const;
  const recent = { preValidation: requireRecentLogin, config: editors };
  const listed = { response: { 200: PasskeyList } };

  app.get("/passkeys", { config: editors, schema: listed }, async (request) => ({
    passkeys: await listPasskeys(app.db, ownerOf(request)),
  }));

  app.post("/passkeys/optionen", { ...recent, schema: { response: { 200: PasskeyOptions } } }, async (request) =>
    registrationOptions(app.db, relyingParty(app, request), ownerOf(request)),
  );

  app.post("/passkeys", { ...recent, schema: { body: PasskeyBody, response: { 201: PasskeyList } } }, async (request, reply) => {
    const name = request.body.name.trim();
    if (!name || name.length > PASSKEY_NAME_MAX)
      return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.passkeyName });
    const response = request.body.response as RegistrationResponseJSON | undefined;
    const owner = ownerOf(request);
    const saved = await app.db.transaction(async (tx) => {
      const registered =
        typeof response === "object" &&
        response !== null &&
        (await registerPasskey(tx, relyingParty(app, request), owner, name, response));
      if (!registered) return false;
      await audit(tx, owner, "passkey-added", name);
      await notifyPasskeyChange(tx, app.mail, app.config, { owner, passkeyName: name, added: true });
      return true;
    });
    if (!saved) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.passkeyNotSaved });
    return reply.code(201).send({ passkeys: await listPasskeys(app.db, owner) });
  });

  app.delete("/passkeys/:id", { ...recent, schema: { params: PasskeyIdParams, ...listed } }, async (request, reply) => {
    const owner = ownerOf(request);
    const id = request.params.id;
    const removed = await app.db.transaction(async (tx) => {
      const name = await removePasskey(tx, owner, id);
      if (name === undefined) return false;
      await audit(tx, owner, "passkey-removed", name);
      await notifyPasskeyChange(tx, app.mail, app.config, { owner, passkeyName: name, added: false });
      return true;
    });
    if (!removed) return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.passkeyMissing });
    return { passkeys: await listPasskeys(app.db, owner) };
  });
}
