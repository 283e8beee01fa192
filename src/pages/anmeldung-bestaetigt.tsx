import React from "react";
import type { HeadFC } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHero } from "../components/sections/PageHero";
import { NextSteps } from "../components/sections/NextSteps";
import { NextLinks } from "../components/sections/NextLinks";
import { useSiteSettings } from "../hooks/useSiteSettings";

/** Where the confirmation button of the double opt-in leads (POST /api/leads/confirm). */
export default function SignupConfirmedPage() {
  const site = useSiteSettings();
  return (
    <Layout>
      <PageHero
        hero={{
          kicker: "Anmeldung bestätigt",
          title: `Willkommen bei ${site.brand}!`,
          lead: `Danke, dass du deine E-Mail-Adresse bestätigt hast. Deine Willkommens-E-Mail ist schon unterwegs, und ab morgen früh kommt sieben Tage lang jeden Morgen um ${site.planMailTime}\u00a0Uhr ein Tag deines Bewegungsplans.`,
        }}
      />
      <NextSteps
        title="So geht es weiter"
        items={[
          {
            title: "Schau in dein Postfach",
            text: "In wenigen Minuten ist unsere Willkommens-E-Mail bei dir. Nichts angekommen? Schau bitte auch im Spam-Ordner nach.",
          },
          {
            title: "Fragen? Einfach antworten",
            text: `Antworte auf jede unserer E-Mails oder schreib an ${site.email}. Wir melden uns an Werktagen innerhalb von ${site.replyWithinHours} Stunden.`,
          },
          {
            title: "Abmelden geht jederzeit",
            text: "Jede E-Mail von uns enthält einen Abmeldelink. Er öffnet eine Seite, auf der du mit einem Klick auf „Abmelden“ bestätigst – danach bekommst du nichts mehr von uns.",
          },
        ]}
      />
      <NextLinks
        title="Leg gleich los"
        items={[
          {
            to: "/gesunde-rezepte",
            label: "Gesunde Rezepte",
            text: "Bodenständige Gerichte aus regionalen Zutaten zum Nachkochen.",
          },
          { to: "/bewegung-alltag", label: "Bewegung im Alltag", text: "Dein 7-Tage-Plan mit Einheiten von 5 bis 30 Minuten." },
          {
            to: "/ernaehrung-traditionell",
            label: "Traditionelle Ernährung",
            text: "Fünf Grundsätze und ein natürlicher Energiedrink.",
          },
          { to: "/", label: "Zur Startseite", text: "Zurück zum Anfang und zu allen Erfahrungsberichten." },
        ]}
      />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Anmeldung bestätigt"
    description="Deine Anmeldung ist bestätigt. Die Willkommens-E-Mail ist unterwegs, der 7-Tage-Bewegungsplan folgt ab morgen früh."
    pathname={location.pathname}
    noindex
  />
);
