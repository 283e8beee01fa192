/**
 * The owner area in the browser: picks the screen for the path under /verwaltung and, for every screen
 * but the login, checks the session first. Built apart from the Gatsby site (scripts/build-owner.ts).
 */
import React, { Suspense, useEffect, useState } from "react";
import { call } from "./api";
import { OWNER_API } from "../../common/owner/api";
import { OWNER_SCREENS } from "../../common/routes";
import { HYDRATED_ATTRIBUTE } from "../hydration-marks";
import { OwnerLayout } from "./OwnerLayout";
import { screenFor, START } from "./screens";
import { Loading, PageTitle } from "./ui";
import type { OwnerRole, OwnerSession } from "../../common/owner/responses";

/** What a path shows that no screen of the role has: for an editor, everything not theirs. */
function missing(role: OwnerRole): React.ReactNode {
  if (role === "editor")
    return (
      <>
        <PageTitle>Nicht dein Bereich</PageTitle>
        <p>
          Diese Seite gehört nicht zu deinem Bereich. <a href={START.editor}>Zu den Inhalten</a>
        </p>
      </>
    );
  return (
    <p>
      Diese Seite gibt es in der Verwaltung nicht. <a href={START.owner}>Zur Übersicht</a>
    </p>
  );
}

export function OwnerApp({ pathname }: { pathname: string }) {
  const path = pathname.replace(/\/+$/, "") || OWNER_SCREENS.overview.path;
  const [session, setSession] = useState<OwnerSession | null>(null);
  const open = screenFor(path, undefined);
  const isPublic = open !== undefined;

  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "true");
  }, []);
  useEffect(() => {
    if (isPublic || session) return;
    // A 401 sends the browser to the login page (api.ts).
    call(OWNER_API.session).then(setSession, () => undefined);
  }, [isPublic, session]);

  // The login: shown without a session, in the layout without menu.
  if (open)
    return (
      <OwnerLayout>
        <Suspense fallback={<Loading />}>
          <open.screen.component path={path} params={open.params} role="owner" />
        </Suspense>
      </OwnerLayout>
    );
  if (!session)
    return (
      <OwnerLayout>
        <Loading />
      </OwnerLayout>
    );
  const role = session.role;
  // The area's own address is where each role starts.
  const shown = path === OWNER_SCREENS.overview.path ? START[role] : path;
  const found = screenFor(shown, role);
  return (
    <OwnerLayout session={session} path={shown}>
      <Suspense fallback={<Loading />}>
        {found ? <found.screen.component path={shown} params={found.params} role={role} /> : missing(role)}
      </Suspense>
    </OwnerLayout>
  );
}
