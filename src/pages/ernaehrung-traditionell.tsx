import React from "react";
import type { HeadFC } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHeading } from "../components/PageHeading";

export default function NutritionPage() {
  return (
    <Layout>
      <PageHeading title="Traditionelle Ernährung" />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Traditionelle Ernährung" description="Fünf Grundsätze traditioneller Ernährung, ein natürlicher Energiedrink zum Nachmachen und was Teilnehmer nach drei Monaten berichten." pathname={location.pathname} />
);
