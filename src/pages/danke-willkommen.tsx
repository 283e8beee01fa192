import React, { useEffect } from "react";
import type { HeadFC } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHeading } from "../components/PageHeading";

export default function ThankYouPage() {
  useEffect(() => window.scrollTo({ top: 0, left: 0 }), []);
  return (
    <Layout>
      <PageHeading title="Danke – deine Anfrage ist angekommen" />
    </Layout>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Danke" description="Deine Anfrage ist bei uns angekommen. Eine Bestätigung per E-Mail ist unterwegs." pathname={location.pathname} noindex />
);
