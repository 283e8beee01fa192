/**
 * The line above a file's form says what became of its last release; published through the repository, „Seite
 * ansehen“ leads to the page where the workflow deployed the site, not to the owner area's own server.
 */
import React from "react";
import { render, screen } from "@testing-library/react";
import { FileStatus } from "../../src/owner/content/FileStatus";
import type { ContentFileAnswer } from "../../common/owner/responses";

const answerWith = (release: ContentFileAnswer["release"]) =>
  ({ pages: ["/ernaehrung-traditionell"], lastChange: undefined, release }) as unknown as ContentFileAnswer;

test("a release the workflow reported live links to the page on the deployed site", () => {
  render(
    <FileStatus
      answer={answerWith({ state: "live", since: "2026-12-05T10:00:00.000Z", reason: null, url: "https://www.urkraft.de" })}
      saveState="saved"
    />,
  );
  expect(screen.getByRole("link", { name: "Seite ansehen" })).toHaveAttribute(
    "href",
    "https://www.urkraft.de/ernaehrung-traditionell",
  );
});

test("a release this server deployed itself links to the page here, and an address that is no https link is not followed", () => {
  const { unmount } = render(
    <FileStatus answer={answerWith({ state: "live", since: "2026-12-05T10:00:00.000Z", reason: null })} saveState="saved" />,
  );
  expect(screen.getByRole("link", { name: "Seite ansehen" })).toHaveAttribute("href", "/ernaehrung-traditionell");
  unmount();
  render(
    <FileStatus
      answer={answerWith({ state: "live", since: "2026-12-05T10:00:00.000Z", reason: null, url: "javascript:alert(1)" })}
      saveState="saved"
    />,
  );
  expect(screen.getByRole("link", { name: "Seite ansehen" })).toHaveAttribute("href", "/ernaehrung-traditionell");
});
