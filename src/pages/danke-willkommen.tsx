import React, { useEffect } from "react";
import { graphql, type PageProps } from "gatsby";
import { pageHead } from "../components/PageHead";
import { NextStepsPage } from "../components/NextStepsPage";
import { ROUTES } from "../../common/routes";

export default function ThankYouPage({ data }: PageProps<Queries.ThanksPageQuery>) {
  // The forms send the visitor here from far down a page: start at the top.
  useEffect(() => window.scrollTo({ top: 0, left: 0 }), []);
  return <NextStepsPage route={ROUTES.thanks} copy={data.thanksPageCopy} />;
}

export const Head = pageHead<Queries.ThanksPageQuery>(ROUTES.thanks, (data) => data.thanksPageCopy?.seo);

export const query = graphql`
  query ThanksPage {
    thanksPageCopy {
      ...NextStepsPageFields
    }
  }
`;
