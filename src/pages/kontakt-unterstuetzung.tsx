import React from "react";
import type { HeadFC } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHeading } from "../components/PageHeading";

export default function ContactPage() {
  return (
    <Layout>
      <PageHeading title="Kontakt & Unterstützung" />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Kontakt & Unterstützung" description="Schreib uns: Antwort innerhalb von 24 Stunden. Kontaktformular, E-Mail, Adresse in München und Öffnungszeiten." pathname={location.pathname} />
);
