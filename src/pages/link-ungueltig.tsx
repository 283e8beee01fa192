import React from "react";
import type { HeadFC } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHero } from "../components/sections/PageHero";
import { InfoFormCta } from "../components/sections/InfoFormCta";
import { useSiteSettings } from "../hooks/useSiteSettings";

/** Where an unknown, used or expired confirmation or unsubscribe link lands. */
export default function InvalidLinkPage() {
  const site = useSiteSettings();
  const reasons = [
    {
      title: "Schon bestätigt?",
      text: "Ein Bestätigungslink funktioniert genau einmal. Hast du schon darauf geklickt, ist alles in Ordnung – du musst nichts weiter tun.",
    },
    {
      title: "Link abgelaufen?",
      text: `Bestätigungslinks gelten ${site.retention.confirmLinkHours} Stunden. Melde dich einfach noch einmal an, dann bekommst du sofort einen neuen Link.`,
    },
    {
      title: "Link unvollständig?",
      text: "Manche E-Mail-Programme brechen lange Links um. Kopiere dann die ganze Adresse aus der E-Mail in die Adresszeile deines Browsers.",
    },
  ];
  return (
    <Layout>
      <PageHero
        hero={{
          kicker: "Link ungültig",
          title: "Dieser Link funktioniert leider nicht (mehr)",
          lead: "Keine Sorge, das lässt sich schnell lösen. Hier sind die häufigsten Gründe und was du tun kannst.",
        }}
      >
        <div className="mt-8 flex flex-wrap gap-4">
          <InfoFormCta>Neu anmelden</InfoFormCta>
        </div>
      </PageHero>
      <section aria-labelledby="gruende-title" className="py-14 sm:py-20">
        <div className="container-page">
          <h2 id="gruende-title" className="text-3xl font-bold sm:text-4xl">
            Woran es liegen kann
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {reasons.map((reason) => (
              <li key={reason.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200 sm:p-7">
                <h3 className="text-xl font-bold">{reason.title}</h3>
                <p className="mt-2 leading-relaxed text-bark-700">{reason.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-10 max-w-3xl text-lg leading-relaxed text-bark-700">
            Du wolltest dich abmelden, und der Link klappt nicht? Schreib uns an{" "}
            <a href={`mailto:${site.email}`} className="font-semibold text-forest-700 underline underline-offset-2">
              {site.email}
            </a>
            , dann tragen wir dich sofort aus.
          </p>
        </div>
      </section>
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Link ungültig"
    description="Dieser Bestätigungs- oder Abmeldelink ist ungültig oder abgelaufen. So meldest du dich neu an."
    pathname={location.pathname}
    noindex
  />
);
