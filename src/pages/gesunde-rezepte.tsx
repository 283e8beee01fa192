import React from "react";
import type { HeadFC } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHeading } from "../components/PageHeading";

export default function RecipesPage() {
  return (
    <Layout>
      <PageHeading title="Gesunde Rezepte" />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Gesunde Rezepte" description="Acht einfache Rezepte aus traditioneller Küche: schnell gekocht, regional und sättigend." pathname={location.pathname} />
);
