import React from "react";
import { Link, type HeadFC } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHero } from "../components/sections/PageHero";
import { NextLinks } from "../components/sections/NextLinks";
import { InfoFormCta } from "../components/sections/InfoFormCta";
import { useSiteSettings } from "../hooks/useSiteSettings";

/** Where the unsubscribe link of every mail lands (GET /api/leads/unsubscribe). */
export default function UnsubscribedPage() {
  const site = useSiteSettings();
  return (
    <Layout>
      <PageHero
        hero={{
          kicker: "Abmeldung bestätigt",
          title: "Du bist abgemeldet",
          lead: "Ab sofort schicken wir dir keine E-Mails mehr. Schade, dass du gehst – und danke, dass du dabei warst.",
        }}
      />
      <section aria-labelledby="abmeldung-details" className="py-14 sm:py-20">
        <div className="container-page grid gap-6 md:grid-cols-2">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200 sm:p-7">
            <h2 id="abmeldung-details" className="text-2xl font-bold">
              Was mit deinen Daten passiert
            </h2>
            <p className="mt-3 leading-relaxed text-bark-700">
              Deine Adresse kommt auf unsere Sperrliste: Wir schicken dir nichts mehr – es sei denn, du meldest dich selbst neu an
              und bestätigst das noch einmal. Den Nachweis deiner früheren Einwilligung bewahren wir so lange auf, wie es in
              unserer{" "}
              <Link to="/datenschutz" className="font-semibold text-forest-700 underline underline-offset-2">
                Datenschutzerklärung
              </Link>{" "}
              steht. Möchtest du, dass wir alles löschen, was wir über dich gespeichert haben? Schreib uns an{" "}
              <a href={`mailto:${site.email}`} className="font-semibold text-forest-700 underline underline-offset-2">
                {site.email}
              </a>
              .
            </p>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200 sm:p-7">
            <h2 className="text-2xl font-bold">Aus Versehen abgemeldet?</h2>
            <p className="mt-3 leading-relaxed text-bark-700">
              Kein Problem: Trag dich einfach wieder ein. Du bekommst dann eine E-Mail mit einem Bestätigungslink.
            </p>
            <InfoFormCta className="btn-primary mt-5">Wieder anmelden</InfoFormCta>
          </div>
        </div>
      </section>
      <NextLinks
        title="Unsere Seiten bleiben für dich offen"
        items={[
          { to: "/gesunde-rezepte", label: "Gesunde Rezepte", text: "Bodenständige Gerichte aus regionalen Zutaten." },
          { to: "/bewegung-alltag", label: "Bewegung im Alltag", text: "Der 7-Tage-Plan zum Nachmachen." },
          { to: "/ernaehrung-traditionell", label: "Traditionelle Ernährung", text: "Fünf Grundsätze für mehr Energie." },
          { to: "/", label: "Zur Startseite", text: "Zurück zum Anfang." },
        ]}
      />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Abmeldung bestätigt"
    description="Du bist abgemeldet und bekommst keine E-Mails mehr von uns."
    pathname={location.pathname}
    noindex
  />
);
