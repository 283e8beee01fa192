import React from "react";
import { Link } from "gatsby";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { ROUTES } from "../../common/routes";

const PLACEHOLDER = /\{(company|email)\}/g;
const LINK_CLASS = "font-medium text-forest-700 underline underline-offset-2 hover:text-forest-900";

/**
 * The lead form's consent text from content/site.json (sender, topic, channel, double opt-in, right to
 * withdraw), with {company} and {email} filled from the same file and a link to the privacy statement. The
 * reference to the AGB (§ 305 Abs. 2 BGB) stands on its own line below, apart from the consent (Art. 7 Abs. 2 DSGVO).
 */
export function ConsentText({ id }: { id: string }) {
  const { consent, legal, email } = useSiteSettings();
  const parts = consent.text.split(PLACEHOLDER);
  return (
    <div id={id} className="space-y-2 text-sm leading-relaxed text-bark-700">
      <p>
        {parts.map((part, index) => {
          // split() with a capture group puts the placeholder names at the odd positions.
          if (index % 2 === 0) return part;
          if (part === "company") return legal.company;
          return (
            <a key={index} href={`mailto:${email}`} className={LINK_CLASS}>
              {email}
            </a>
          );
        })}{" "}
        Mehr dazu in unserer{" "}
        <Link to={ROUTES.privacy.path} className={LINK_CLASS}>
          Datenschutzerklärung
        </Link>
        .
      </p>
      <p>
        Es gelten unsere{" "}
        <Link to={ROUTES.terms.path} className={LINK_CLASS}>
          AGB
        </Link>
        .
      </p>
    </div>
  );
}

/** The contact form's notice: what the data is used for (and never for), the privacy link, and no health data please. */
export function ContactNotice({ id }: { id: string }) {
  return (
    <p id={id} className="text-sm leading-relaxed text-bark-700">
      Deine Angaben nutzen wir, um deine Anfrage zu beantworten – nie für Werbung. Mehr dazu, auch zur Besucherzählung, in unserer{" "}
      <Link to={ROUTES.privacy.path} className={LINK_CLASS}>
        Datenschutzerklärung
      </Link>
      . Bitte schick uns über dieses Formular keine Gesundheitsdaten wie Diagnosen, Befunde oder Medikamente.
    </p>
  );
}
