import React from "react";
import type { HeadFC } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHeading } from "../components/PageHeading";
import { INFO_FORM_ID } from "../constants";
import { useSiteSettings } from "../hooks/useSiteSettings";

export default function HomePage() {
  return (
    <Layout>
      <PageHeading title="Natürliche Energie für Männer" />
      <section id={INFO_FORM_ID} aria-labelledby="info-form-title" className="container-page py-16">
        <h2 id="info-form-title" className="text-3xl font-bold">
          Kostenlose Informationen anfordern
        </h2>
      </section>
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => {
  const { brand, description } = useSiteSettings();
  return <Seo title={brand} description={description} pathname={location.pathname} />;
};
