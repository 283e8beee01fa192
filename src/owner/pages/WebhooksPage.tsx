/** Webhooks: the configured receivers and the last 500 deliveries, with "erneut senden". */
import React, { useState } from "react";
import { call } from "../api";
import { useLoad } from "../use-load";
import { dateTime } from "../format";
import { Alert, Card, Loading, PageTitle, smallButton, DataTable } from "../ui";
import { useConfirmedAction } from "../ConfirmLogin";
import { OWNER_API } from "../../../common/owner/api";
import type { WebhookState } from "../../../common/owner/responses";

const STATUS = { pending: "wartet", delivered: "zugestellt", failed: "aufgegeben" } as const;

export function WebhooksPage() {
  const loaded = useLoad(OWNER_API.webhooks);
  const state = loaded.data;
  const [failed, setError] = useState<string>();
  const error = failed ?? loaded.error;
  const [notice, setNotice] = useState<string>();

  const { confirmed, panel } = useConfirmedAction(setError);

  // Enabling a receiver needs a recent login; ConfirmLogin asks for it and sends the request again.
  const act = async (action: () => Promise<WebhookState>, success: string) => {
    setError(undefined);
    setNotice(undefined);
    await confirmed(async () => {
      loaded.setData(await action());
      setNotice(success);
    });
  };

  return (
    <>
      <PageTitle>Webhooks</PageTitle>
      <p className="mb-4 max-w-2xl text-bark-700">
        Bestätigte Anmeldungen, Abmeldungen, Kontaktanfragen und Löschungen gehen signiert an die Empfänger, die beim Betrieb der
        Website eingerichtet sind, zum Beispiel an dein Programm zur Kundenverwaltung.
      </p>
      {panel}
      {error && <Alert>{error}</Alert>}
      {notice && <Alert kind="success">{notice}</Alert>}
      {!state ? (
        <Loading />
      ) : (
        <>
          <Card className="mb-6">
            <h2 className="mb-2 text-xl font-bold">Empfänger</h2>
            {state.endpoints.length === 0 ? (
              <p>Keine Webhooks eingerichtet. Um sie einzuschalten, wende dich an die Person, die den Server betreibt.</p>
            ) : (
              <ul className="divide-y divide-cream-200">
                {state.endpoints.map((endpoint) => (
                  <li key={endpoint.url} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
                    <span className="break-all">
                      {endpoint.url}{" "}
                      <span className="text-sm text-bark-700">
                        {endpoint.disabledAt
                          ? `– deaktiviert seit ${dateTime(endpoint.disabledAt)} (Antwort 410)`
                          : endpoint.active
                            ? "– aktiv"
                            : "– nicht mehr eingerichtet"}
                      </span>
                    </span>
                    {endpoint.disabledAt && (
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() =>
                          void act(
                            () => call(OWNER_API.enableEndpoint, { body: { url: endpoint.url } }),
                            "Empfänger wieder aktiviert.",
                          )
                        }
                      >
                        Wieder aktivieren
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <h2 className="mb-2 text-xl font-bold">Letzte Zustellungen</h2>
          {state.deliveries.length === 0 ? (
            <p>Noch keine Zustellungen.</p>
          ) : (
            <DataTable
              caption="Webhook-Zustellungen, neueste zuerst"
              columns={["Ereignis", "Empfänger", "Status", "Versuche", "Nächster Versuch", "Letzte Antwort", ""]}
            >
              {state.deliveries.map((delivery) => (
                <tr key={delivery.id} className="border-t border-cream-200">
                  <td className="px-3 py-2">
                    {delivery.event}
                    <span className="block text-bark-700">{dateTime(delivery.createdAt)}</span>
                  </td>
                  <td className="px-3 py-2 break-all">{new URL(delivery.endpoint).host}</td>
                  <td className="px-3 py-2">{STATUS[delivery.status]}</td>
                  <td className="px-3 py-2">{delivery.attempts}</td>
                  <td className="px-3 py-2">{dateTime(delivery.nextAttemptAt)}</td>
                  <td className="px-3 py-2">{delivery.lastStatus ?? delivery.lastError ?? "–"}</td>
                  <td className="px-3 py-2">
                    {delivery.status !== "pending" && (
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() =>
                          void act(
                            () => call(OWNER_API.resendDelivery, { params: { id: String(delivery.id) } }),
                            "Zustellung neu eingeplant.",
                          )
                        }
                      >
                        Erneut senden
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      )}
    </>
  );
}
