/**
 * Sicherheit: the owner's passkeys (add, list, remove) and "alle Sitzungen beenden", optionally with every
 * passkey. Adding and removing need a recent login: ConfirmLogin asks for it and tries again.
 */
import React, { useState } from "react";
import { navigate } from "../router";
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { call, errorText, LOGIN_PATH } from "../api";
import { useLoad } from "../use-load";
import { OWNER_API } from "../../../common/owner/api";
import { dateTime } from "../format";
import { Alert, Card, inputClass, labelClass, Loading, PageTitle, smallButton } from "../ui";
import { useConfirmedAction } from "../ConfirmLogin";
import { SESSION_IDLE_MINUTES, SESSION_MAX_HOURS } from "../../../common/owner/limits";
import type { Passkey } from "../../../common/owner/responses";

export function SecurityPage() {
  const loaded = useLoad(OWNER_API.passkeys);
  const passkeys = loaded.data?.passkeys;
  const [name, setName] = useState("");
  const [failed, setError] = useState<string>();
  const error = failed ?? loaded.error;
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [withPasskeys, setWithPasskeys] = useState(false);
  const { confirmed, panel } = useConfirmedAction(setError);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await confirmed(work);
    } catch (caught) {
      setError(caught instanceof Error && !("status" in caught) ? caught.message : errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const add = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      // WebAuthn's options as @simplewebauthn/server made them (PasskeyOptions keeps every field).
      const optionsJSON = (await call(OWNER_API.passkeyOptions)) as unknown as PublicKeyCredentialCreationOptionsJSON;
      let response;
      try {
        response = await startRegistration({ optionsJSON });
      } catch {
        throw new Error("Das Anlegen des Passkeys wurde abgebrochen.");
      }
      loaded.setData(await call(OWNER_API.addPasskey, { body: { name, response } }));
      setName("");
      setNotice("Passkey gespeichert. Beim nächsten Mal meldest du dich damit an.");
    });
  };

  const remove = (passkey: Passkey) =>
    run(async () => {
      loaded.setData(await call(OWNER_API.removePasskey, { params: { id: passkey.id } }));
      setNotice(`Passkey „${passkey.name}“ entfernt.`);
    });

  const endAll = () =>
    run(async () => {
      await call(OWNER_API.endSessions, { body: { passkeys: withPasskeys } });
      navigate(LOGIN_PATH, { replace: true });
    });

  return (
    <>
      <PageTitle>Sicherheit</PageTitle>
      {panel}
      {error && <Alert>{error}</Alert>}
      {notice && <Alert kind="success">{notice}</Alert>}
      <Card className="mb-6">
        <h2 className="mb-2 text-xl font-bold">Passkeys</h2>
        <p className="mb-4 text-bark-700">
          Mit einem Passkey meldest du dich ohne E-Mail-Link an: per Fingerabdruck, Gesicht oder Geräte-PIN.
        </p>
        {!passkeys ? (
          <Loading />
        ) : passkeys.length === 0 ? (
          <p className="mb-4">Noch kein Passkey angelegt.</p>
        ) : (
          <ul className="mb-4 divide-y divide-cream-200">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <span>
                  <span className="block font-semibold">{passkey.name}</span>
                  <span className="block text-sm text-bark-700">
                    angelegt {dateTime(passkey.createdAt)} · zuletzt benutzt {dateTime(passkey.lastUsedAt)}
                  </span>
                </span>
                <button type="button" className={smallButton} disabled={busy} onClick={() => void remove(passkey)}>
                  „{passkey.name}“ entfernen
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor="passkey-name" className={labelClass}>
              Name des neuen Passkeys
            </label>
            <input
              id="passkey-name"
              required
              maxLength={60}
              placeholder="z. B. Laptop Büro"
              value={name}
              onChange={(event) => setName(event.target.value)}
              className={inputClass}
            />
          </div>
          <button type="submit" className="btn-primary" disabled={busy || name.trim() === ""}>
            Passkey hinzufügen
          </button>
        </form>
      </Card>
      <Card>
        <h2 className="mb-2 text-xl font-bold">Sitzungen</h2>
        <p className="mb-4 text-bark-700">
          Eine Anmeldung gilt höchstens {SESSION_MAX_HOURS} Stunden und endet nach {SESSION_IDLE_MINUTES} Minuten ohne Nutzung
          oder wenn du den Browser schließt. Hast du dich auf einem fremden Gerät angemeldet oder einen Passkey in der Liste, den
          du nicht kennst? Dann beende hier alle Sitzungen, auch diese, und entferne dabei am besten alle Passkeys.
        </p>
        <label className="mb-4 flex items-start gap-2">
          <input
            type="checkbox"
            className="mt-1 size-5"
            checked={withPasskeys}
            onChange={(event) => setWithPasskeys(event.target.checked)}
          />
          <span>Auch alle meine Passkeys entfernen (danach meldest du dich wieder per Anmeldelink an)</span>
        </label>
        <button type="button" className={smallButton} disabled={busy} onClick={() => void endAll()}>
          {withPasskeys ? "Alle Sitzungen beenden und Passkeys entfernen" : "Alle Sitzungen beenden"}
        </button>
      </Card>
    </>
  );
}
