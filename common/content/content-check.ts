/**
 * The whole content check, as the build (gatsby-node.ts) and `npm run check:content` run it: the JSON
 * files, the legal texts, the e-mail templates, the consent's monthly limit and a record for every picture.
 */
import { contentProblems, type CheckOptions } from "./read-content";
import { legalPageProblems } from "./legal-pages";
import { emailTemplateProblems } from "../mail/templates";
import { newsletterLimitProblems } from "./newsletter-limit";
import { imageCreditFileProblems } from "./image-credit-files";
import { experimentProblems } from "../experiments/experiment-problems";

export { problemReport } from "./read-content";

/** Set by `npm run deploy` for the Gatsby build, which then skips the check the deploy has just made. */
export const CONTENT_CHECKED_ENV = "URKRAFT_CONTENT_CHECKED";

export function allContentProblems(dir: string, options?: CheckOptions): string[] {
  return [
    ...contentProblems(dir, options),
    ...legalPageProblems(dir),
    ...emailTemplateProblems(dir),
    ...newsletterLimitProblems(dir),
    ...imageCreditFileProblems(dir),
    ...experimentProblems(dir),
  ];
}
