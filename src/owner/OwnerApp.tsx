/**
 * The owner area in the browser: picks the screen for the path under /verwaltung and, for every screen
 * but the login, checks the session first. Built apart from the Gatsby site (scripts/build-owner.ts).
 */
import React, { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { api, LOGIN_PATH } from "./api";
import { OWNER_SCREENS } from "../../common/routes";
import { HYDRATED_ATTRIBUTE } from "../hydration-marks";
import { OwnerLayout } from "./OwnerLayout";
import { Loading, PageTitle } from "./ui";
import type { OwnerSession } from "../../common/owner/responses";

/** Each screen is a chunk of its own, loaded when it is first shown. */
function screen<Props>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}
const LoginPage = screen(() => import("./pages/LoginPage").then((m) => m.LoginPage));
const OverviewPage = screen(() => import("./pages/OverviewPage").then((m) => m.OverviewPage));
const RequestsPage = screen(() => import("./pages/RequestsPage").then((m) => m.RequestsPage));
const RequestPage = screen(() => import("./pages/RequestPage").then((m) => m.RequestPage));
const LeadsPage = screen(() => import("./pages/LeadsPage").then((m) => m.LeadsPage));
const VisitorsPage = screen(() => import("./pages/VisitorsPage").then((m) => m.VisitorsPage));
const ExperimentsPage = screen(() => import("./pages/ExperimentsPage").then((m) => m.ExperimentsPage));
const NewsletterPage = screen(() => import("./pages/NewsletterPage").then((m) => m.NewsletterPage));
const PersonPage = screen(() => import("./pages/PersonPage").then((m) => m.PersonPage));
const AuditPage = screen(() => import("./pages/AuditPage").then((m) => m.AuditPage));
const SecurityPage = screen(() => import("./pages/SecurityPage").then((m) => m.SecurityPage));
const WebhooksPage = screen(() => import("./pages/WebhooksPage").then((m) => m.WebhooksPage));
const ContentPage = screen(() => import("./pages/ContentPage").then((m) => m.ContentPage));

/** An editor's screens: „Inhalte“ and their own passkeys; the start page of the area is „Inhalte“ for them. */
function editorScreenFor(path: string): React.ReactNode {
  if (path === OWNER_SCREENS.security.path) return <SecurityPage />;
  if (path === OWNER_SCREENS.content.path || path.startsWith(`${OWNER_SCREENS.content.path}/`))
    return <ContentPage path={path} role="editor" />;
  if (path === OWNER_SCREENS.overview.path) return <ContentPage path={OWNER_SCREENS.content.path} role="editor" />;
  return (
    <>
      <PageTitle>Nicht dein Bereich</PageTitle>
      <p>
        Diese Seite gehört nicht zu deinem Bereich. <a href={OWNER_SCREENS.content.path}>Zu den Inhalten</a>
      </p>
    </>
  );
}

function screenFor(path: string): React.ReactNode {
  if (path === OWNER_SCREENS.content.path || path.startsWith(`${OWNER_SCREENS.content.path}/`))
    return <ContentPage path={path} role="owner" />;
  const requestsPrefix = `${OWNER_SCREENS.requests.path}/`;
  if (path.startsWith(requestsPrefix) && !path.slice(requestsPrefix.length).includes("/"))
    return <RequestPage id={path.slice(requestsPrefix.length)} />;
  switch (path) {
    case OWNER_SCREENS.overview.path:
      return <OverviewPage />;
    case OWNER_SCREENS.requests.path:
      return <RequestsPage />;
    case OWNER_SCREENS.leads.path:
      return <LeadsPage />;
    case OWNER_SCREENS.visitors.path:
      return <VisitorsPage />;
    case OWNER_SCREENS.experiments.path:
      return <ExperimentsPage />;
    case OWNER_SCREENS.newsletter.path:
      return <NewsletterPage />;
    case OWNER_SCREENS.person.path:
      return <PersonPage />;
    case OWNER_SCREENS.audit.path:
      return <AuditPage />;
    case OWNER_SCREENS.webhooks.path:
      return <WebhooksPage />;
    case OWNER_SCREENS.security.path:
      return <SecurityPage />;
    default:
      return (
        <p>
          Diese Seite gibt es in der Verwaltung nicht. <a href={OWNER_SCREENS.overview.path}>Zur Übersicht</a>
        </p>
      );
  }
}

export function OwnerApp({ pathname }: { pathname: string }) {
  const path = pathname.replace(/\/+$/, "") || OWNER_SCREENS.overview.path;
  const [session, setSession] = useState<OwnerSession | null>(null);
  const isLogin = path === LOGIN_PATH;

  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "true");
  }, []);
  useEffect(() => {
    if (isLogin || session) return;
    // A 401 sends the browser to the login page (api.ts).
    api<OwnerSession>("/sitzung").then(setSession, () => undefined);
  }, [isLogin, session]);

  if (isLogin)
    return (
      <Suspense
        fallback={
          <OwnerLayout>
            <Loading />
          </OwnerLayout>
        }
      >
        <LoginPage />
      </Suspense>
    );
  if (!session)
    return (
      <OwnerLayout>
        <Loading />
      </OwnerLayout>
    );
  return (
    <OwnerLayout
      session={session}
      path={session.role === "editor" && path === OWNER_SCREENS.overview.path ? OWNER_SCREENS.content.path : path}
    >
      <Suspense fallback={<Loading />}>{session.role === "editor" ? editorScreenFor(path) : screenFor(path)}</Suspense>
    </OwnerLayout>
  );
}
