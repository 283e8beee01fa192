import React from "react";
import { Layout } from "./Layout";
import { PageHero } from "./sections/PageHero";
import { NextSteps } from "./sections/NextSteps";
import { NextLinks } from "./sections/NextLinks";
import { usePageCopy } from "../hooks/usePageCopy";
import type { SiteRoute } from "../../common/routes";

interface NextStepsPageProps {
  route: SiteRoute;
  copy: Queries.NextStepsPageFieldsFragment | null | undefined;
}

/** A page that says what happens next and links on (the thank-you page, "Anmeldung bestätigt"). */
export function NextStepsPage({ route, copy }: NextStepsPageProps) {
  const { hero, steps, links } = usePageCopy(route, copy);
  return (
    <Layout>
      <PageHero hero={hero} />
      <NextSteps {...steps} />
      <NextLinks {...links} />
    </Layout>
  );
}
