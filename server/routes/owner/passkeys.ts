/**
 * The passkeys of the one logged in (owner or editor): list, add (WebAuthn registration), remove. Adding
 * and removing need a recent login (requireRecentLogin), and every owner gets a mail about it (an editor too).
 */
import type { FastifyInstance } from "fastify";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import { notifyPasskeyChange } from "../../services/owner-alerts";
import { listPasskeys, PASSKEY_NAME_MAX, registerPasskey, registrationOptions, removePasskey } from "../../services/passkeys";
import { ownerOf, requireRecentLogin } from "./guard";
import { OWNER_API } from "../../../common/owner/api";
import { OWNER_MESSAGES } from "./messages";
import { relyingParty } from "./relying-party";
import { ownerRoute } from "./route";

export default async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const route = ownerRoute(app);
  const recent = { preValidation: requireRecentLogin };

  route(OWNER_API.passkeys, async (request) => ({
    passkeys: await listPasskeys(app.db, ownerOf(request)),
  }));

  route(OWNER_API.passkeyOptions, recent, async (request) =>
    registrationOptions(app.db, relyingParty(app, request), ownerOf(request)),
  );

  route(OWNER_API.addPasskey, recent, async (request, reply) => {
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

  route(OWNER_API.removePasskey, recent, async (request, reply) => {
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
