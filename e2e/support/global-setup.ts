/**
 * Before the browser tests: the bundles and database templates that the tests' own servers and command-line
 * runs share (scripts/test-run/prepare.ts). The workers inherit the environment it sets; the returned
 * function removes the templates after the run.
 */
import { prepareTestRun } from "../../scripts/test-run/prepare";

export default async function globalSetup(): Promise<() => void> {
  return prepareTestRun();
}
