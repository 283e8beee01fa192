/**
 * „Inhalte“: the site's texts, lists and settings, grouped as the editor thinks of them; a file opens in
 * its form (ContentEditor, loaded only here).
 */
import React, { lazy, Suspense } from "react";
import { useLoad } from "../use-load";
import { Link, type ScreenProps } from "../router";
import { Alert, Card, Loading, PageTitle } from "../ui";
import { OWNER_PROPOSALS_PATH, OWNER_SCREENS, ownerContentFilePath } from "../../../common/routes";
import { OWNER_API } from "../../../common/owner/api";
import type { ContentFileSummary } from "../../../common/owner/responses";

const GROUPS: { group: ContentFileSummary["group"]; hint: string }[] = [
  { group: "Seiten", hint: "Überschriften und Texte der einzelnen Seiten" },
  { group: "Listen", hint: "Erfahrungsberichte, Rezepte, Fragen und andere Einträge" },
  { group: "Rechtstexte", hint: "Impressum, Datenschutz und AGB" },
  { group: "E-Mails", hint: "Was die Website an Besucher und an dich schreibt" },
  { group: "Einstellungen", hint: "Kontakt, Adresse, Öffnungszeiten und Firmendaten" },
];

/** The form library comes only with a file's form, as a chunk of its own. */
const ContentEditor = lazy(() => import("../content/ContentEditor").then((m) => ({ default: m.ContentEditor })));
const ProposalsPage = lazy(() => import("../content/ProposalsPage").then((m) => ({ default: m.ProposalsPage })));

export function ContentPage({ path, role }: ScreenProps) {
  const prefix = `${OWNER_SCREENS.content.path}/`;
  if (path === OWNER_PROPOSALS_PATH && role === "owner")
    return (
      <Suspense fallback={<Loading />}>
        <ProposalsPage />
      </Suspense>
    );
  if (path.startsWith(prefix))
    return (
      <Suspense fallback={<Loading />}>
        <ContentEditor key={path} file={decodeURIComponent(path.slice(prefix.length))} />
      </Suspense>
    );
  return <ContentList />;
}

function ContentList() {
  const { data, error } = useLoad(OWNER_API.contentList);
  const files = data?.files;
  const openProposals = data?.openProposals;
  return (
    <>
      <PageTitle>Inhalte</PageTitle>
      <p className="mb-6 max-w-2xl text-bark-700">
        Hier änderst du die Texte der Website. Wähle aus, was du bearbeiten möchtest: Du siehst deine Änderung in einer Vorschau,
        bevor du sie veröffentlichst.
      </p>
      {error && <Alert>{error}</Alert>}
      {openProposals !== undefined && (
        <Card className="mb-5">
          <Link
            to={OWNER_PROPOSALS_PATH}
            className="flex min-h-11 items-center justify-between gap-3 font-semibold text-forest-800 hover:text-forest-900 hover:underline"
          >
            <span>
              Vorschläge zur Freigabe
              <span
                className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${openProposals > 0 ? "bg-ember-300 text-bark-900" : "bg-cream-200 text-bark-700"}`}
              >
                {openProposals === 0 ? "keiner offen" : `${openProposals} offen`}
              </span>
            </span>
            <span aria-hidden="true">›</span>
          </Link>
        </Card>
      )}
      {!files && !error ? (
        <Loading />
      ) : (
        <div className="grid gap-5 md:grid-cols-2">
          {GROUPS.map(({ group, hint }) => {
            const inGroup = (files ?? []).filter((file) => file.group === group);
            if (inGroup.length === 0) return null;
            return (
              <Card key={group}>
                <h2 className="text-lg font-bold text-forest-900">{group}</h2>
                <p className="mb-3 text-sm text-bark-700">{hint}</p>
                <ul className="divide-y divide-cream-200">
                  {inGroup.map((file) => (
                    <li key={file.file}>
                      <Link
                        to={ownerContentFilePath(file.file)}
                        className="flex min-h-11 items-center justify-between gap-3 py-2 font-semibold text-forest-800 hover:text-forest-900 hover:underline"
                      >
                        <span>
                          {file.title}
                          {file.drafts.length > 0 && (
                            <span className="ml-2 rounded-full bg-ember-300 px-2 py-0.5 text-xs font-semibold text-bark-900">
                              Entwurf
                            </span>
                          )}
                          {file.approval && openProposals === undefined && (
                            <span className="ml-2 rounded-full bg-cream-200 px-2 py-0.5 text-xs font-semibold text-bark-700">
                              mit Freigabe
                            </span>
                          )}
                        </span>
                        <span aria-hidden="true">›</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            );
          })}
        </div>
      )}
    </>
  );
}
