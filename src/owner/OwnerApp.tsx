/**
 * The owner area in the browser: picks the screen for the path under /verwaltung and, for every screen
 * but the login, checks the session first.
 */
import React, { useEffect, useState } from "react";
import { api, LOGIN_PATH } from "./api";
import { OwnerLayout } from "./OwnerLayout";
import { Loading } from "./ui";
import { LoginPage } from "./pages/LoginPage";
import { OverviewPage } from "./pages/OverviewPage";
import { RequestsPage } from "./pages/RequestsPage";
import { RequestPage } from "./pages/RequestPage";
import { LeadsPage } from "./pages/LeadsPage";
import { PersonPage } from "./pages/PersonPage";
import { AuditPage } from "./pages/AuditPage";
import { SecurityPage } from "./pages/SecurityPage";
import { WebhooksPage } from "./pages/WebhooksPage";

export interface Session {
  email: string;
  method: "link" | "passkey";
  expiresAt: string;
}

function screenFor(path: string): React.ReactNode {
  const request = /^\/verwaltung\/anfragen\/([^/]+)$/.exec(path);
  if (request) return <RequestPage id={request[1]!} />;
  switch (path) {
    case "/verwaltung":
      return <OverviewPage />;
    case "/verwaltung/anfragen":
      return <RequestsPage />;
    case "/verwaltung/leads":
      return <LeadsPage />;
    case "/verwaltung/person":
      return <PersonPage />;
    case "/verwaltung/protokoll":
      return <AuditPage />;
    case "/verwaltung/webhooks":
      return <WebhooksPage />;
    case "/verwaltung/sicherheit":
      return <SecurityPage />;
    default:
      return (
        <p>
          Diese Seite gibt es in der Verwaltung nicht. <a href="/verwaltung">Zur Übersicht</a>
        </p>
      );
  }
}

export function OwnerApp({ pathname }: { pathname: string }) {
  const path = pathname.replace(/\/+$/, "") || "/verwaltung";
  const [session, setSession] = useState<Session | null>(null);
  const isLogin = path === LOGIN_PATH;

  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    if (isLogin || session) return;
    // A 401 sends the browser to the login page (api.ts).
    api<Session>("/sitzung").then(setSession, () => undefined);
  }, [isLogin, session]);

  if (isLogin) return <LoginPage />;
  if (!session)
    return (
      <OwnerLayout>
        <Loading />
      </OwnerLayout>
    );
  return (
    <OwnerLayout session={session} path={path}>
      {screenFor(path)}
    </OwnerLayout>
  );
}
