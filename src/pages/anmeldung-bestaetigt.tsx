import React from "react";
import { graphql, type PageProps } from "gatsby";
import { pageHead } from "../components/PageHead";
import { NextStepsPage } from "../components/NextStepsPage";
import { ROUTES } from "../../common/routes";

/** Where the confirmation button of the double opt-in leads (POST /api/leads/confirm). */
export default function SignupConfirmedPage({ data }: PageProps<Queries.SignupConfirmedPageQuery>) {
  return <NextStepsPage route={ROUTES.signupConfirmed} copy={data.signupConfirmedPageCopy} />;
}

export const Head = pageHead<Queries.SignupConfirmedPageQuery>(
  ROUTES.signupConfirmed,
  (data) => data.signupConfirmedPageCopy?.seo,
);

export const query = graphql`
  query SignupConfirmedPage {
    signupConfirmedPageCopy {
      ...NextStepsPageFields
    }
  }
`;
