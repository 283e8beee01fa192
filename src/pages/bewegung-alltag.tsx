import React from "react";
import type { HeadFC } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHeading } from "../components/PageHeading";

export default function MovementPage() {
  return (
    <Layout>
      <PageHeading title="Bewegung im Alltag" />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Bewegung im Alltag" description="Mehr Energie ohne Fitnessstudio: dein 7-Tage-Plan mit kurzen Einheiten von 5 bis 30 Minuten, die in jeden Tag passen." pathname={location.pathname} />
);
