/**
 * "Bitte bestätige deine Anmeldung": adding or removing a passkey, the export, an erasure and enabling a
 * webhook receiver need a login within the last minutes. When the server asks for it, this panel offers
 * the owner's passkey or a fresh login link, and then runs the action again.
 */
import React, { useCallback, useEffect, useState } from "react";
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { ApiError, call, errorText } from "./api";
import { OWNER_API } from "../../common/owner/api";
import { Alert, smallButton } from "./ui";
import { RECENT_LOGIN_MINUTES } from "../../common/owner/limits";
import type { OwnerSession } from "../../common/owner/responses";

type Work = () => Promise<void>;

const needsConfirmation = (error: unknown) => error instanceof ApiError && error.confirmLogin;

/** Thrown before an action the server would refuse anyway (a download that cannot show an answer). */
export async function requireRecentLogin(): Promise<void> {
  const session = await call(OWNER_API.session);
  if (!session.recent) throw new ApiError(403, "Bitte bestätige deine Anmeldung.", true);
}

/**
 * Wraps a sensitive action: `confirmed(work)` runs it; if the server asks for a recent login, the returned
 * `panel` shows how to confirm and runs `work` again afterwards. Other errors go to `onError`.
 */
export function useConfirmedAction(onError: (message: string) => void) {
  const [pending, setPending] = useState<{ work: Work }>();

  const confirmed = useCallback(
    async (work: Work) => {
      try {
        await work();
        setPending(undefined);
      } catch (caught) {
        if (needsConfirmation(caught)) setPending({ work });
        else onError(caught instanceof Error ? caught.message : errorText(caught));
      }
    },
    [onError],
  );

  const panel = pending ? (
    <ConfirmLogin onConfirmed={() => void confirmed(pending.work)} onCancel={() => setPending(undefined)} />
  ) : null;
  return { confirmed, panel };
}

function ConfirmLogin(props: { onConfirmed: () => void; onCancel: () => void }) {
  const [session, setSession] = useState<OwnerSession>();
  const [hasPasskey, setHasPasskey] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [linkSent, setLinkSent] = useState(false);

  useEffect(() => {
    call(OWNER_API.session).then(setSession, (caught) => setError(errorText(caught)));
    call(OWNER_API.passkeys).then(
      (answer) => setHasPasskey(answer.passkeys.length > 0),
      () => setHasPasskey(false),
    );
  }, []);

  const withPasskey = async () => {
    setBusy(true);
    setError(undefined);
    try {
      // WebAuthn's options as @simplewebauthn/server made them (PasskeyOptions keeps every field).
      const optionsJSON = (await call(OWNER_API.confirmOptions)) as unknown as PublicKeyCredentialRequestOptionsJSON;
      let response;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch {
        throw new Error("Die Bestätigung mit dem Passkey wurde abgebrochen.");
      }
      await call(OWNER_API.confirm, { body: { response } });
      props.onConfirmed();
    } catch (caught) {
      setError(caught instanceof Error && !(caught instanceof ApiError) ? caught.message : errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const sendLink = async () => {
    if (!session) return;
    setBusy(true);
    setError(undefined);
    try {
      await call(OWNER_API.loginLink, { body: { email: session.email } });
      setLinkSent(true);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-login-title"
      className="mb-4 rounded-lg border-l-4 border-ember-500 bg-cream-100 px-4 py-3"
    >
      <h2 id="confirm-login-title" className="mb-1 font-bold">
        Bitte bestätige deine Anmeldung
      </h2>
      <p className="mb-3">
        Für diese Aktion darf deine Anmeldung höchstens {RECENT_LOGIN_MINUTES}
        {"\u00a0"}Minuten zurückliegen. So schützen wir die Daten, falls jemand deine Sitzung übernommen hat.
      </p>
      {error && <Alert>{error}</Alert>}
      {linkSent && (
        <Alert kind="success">
          Ein neuer Anmeldelink ist unterwegs an {session?.email}. Öffne ihn in diesem Browser und klicke auf „Anmelden“. Danach
          klicke hier auf „Erneut versuchen“.
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {hasPasskey && (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void withPasskey()}>
            Mit Passkey bestätigen
          </button>
        )}
        {linkSent ? (
          <button type="button" className={smallButton} disabled={busy} onClick={props.onConfirmed}>
            Erneut versuchen
          </button>
        ) : (
          <button type="button" className={smallButton} disabled={busy || !session} onClick={() => void sendLink()}>
            Neuen Anmeldelink schicken
          </button>
        )}
        <button type="button" className={smallButton} disabled={busy} onClick={props.onCancel}>
          Abbrechen
        </button>
      </div>
    </div>
  );
}
