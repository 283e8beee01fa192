/**
 * /verwaltung/anmelden: ask for a login link, log in with a passkey, or, when opened from the link,
 * confirm with the "Anmelden" button (only that POST logs in, not the visit of the link).
 */
import React, { useState } from "react";
import { navigate } from "../router";
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { call, errorText } from "../api";
import { OWNER_API } from "../../../common/owner/api";
import { Alert, Card, inputClass, labelClass } from "../ui";
import { OWNER_SCREENS } from "../../../common/routes";
import { LOGIN_LINK_MINUTES } from "../../../common/owner/limits";

function tokenFromUrl(): string | null {
  if (typeof window === "undefined") return null;
  return new URLSearchParams(window.location.search).get("token");
}

export function LoginPage() {
  const [token] = useState(tokenFromUrl);
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [linkFailed, setLinkFailed] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (caught) {
      setError(errorText(caught));
      return false;
    } finally {
      setBusy(false);
    }
    return true;
  };

  const loginWithLink = () =>
    run(async () => {
      await call(OWNER_API.login, { body: { token } });
      navigate(OWNER_SCREENS.overview.path, { replace: true });
    }).then((ok) => setLinkFailed(!ok));

  const requestLink = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await call(OWNER_API.loginLink, { body: { email } });
      setNotice(answer.message);
    });
  };

  const loginWithPasskey = () =>
    run(async () => {
      // WebAuthn's options as @simplewebauthn/server made them (PasskeyOptions keeps every field).
      const optionsJSON = (await call(OWNER_API.passkeyLoginOptions)) as unknown as PublicKeyCredentialRequestOptionsJSON;
      let response;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch {
        throw new Error("Die Anmeldung mit dem Passkey wurde abgebrochen.");
      }
      await call(OWNER_API.passkeyLogin, { body: { response } });
      navigate(OWNER_SCREENS.overview.path, { replace: true });
    });

  const showLinkButton = token && !linkFailed;
  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Anmelden</h1>
      {error && <Alert>{error}</Alert>}
      {showLinkButton ? (
        <Card>
          <p className="mb-4">Du kommst über deinen Anmeldelink. Klicke auf „Anmelden“, um die Verwaltung zu öffnen.</p>
          <button type="button" className="btn-primary w-full" onClick={loginWithLink} disabled={busy}>
            {busy ? "Wird angemeldet …" : "Anmelden"}
          </button>
        </Card>
      ) : (
        <>
          <Card className="mb-6">
            <h2 className="mb-2 text-xl font-bold">Anmeldelink per E-Mail</h2>
            <p className="mb-4 text-bark-700">
              Du bekommst einen Link, der {LOGIN_LINK_MINUTES}
              {"\u00a0"}Minuten und nur einmal gilt.
            </p>
            {notice ? (
              <Alert kind="success">{notice}</Alert>
            ) : (
              <form onSubmit={requestLink} noValidate>
                <label htmlFor="owner-email" className={labelClass}>
                  Deine E-Mail-Adresse
                </label>
                <input
                  id="owner-email"
                  type="email"
                  autoComplete="username webauthn"
                  required
                  maxLength={255}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  className={inputClass}
                />
                <button type="submit" className="btn-primary mt-4 w-full" disabled={busy}>
                  {busy ? "Wird gesendet …" : "Anmeldelink schicken"}
                </button>
              </form>
            )}
          </Card>
          <Card>
            <h2 className="mb-2 text-xl font-bold">Mit Passkey</h2>
            <p className="mb-4 text-bark-700">
              Schneller: mit Fingerabdruck, Gesicht oder Geräte-PIN, wenn du schon einen Passkey angelegt hast.
            </p>
            <button type="button" className="btn-secondary w-full" onClick={loginWithPasskey} disabled={busy}>
              Mit Passkey anmelden
            </button>
          </Card>
        </>
      )}
    </div>
  );
}
