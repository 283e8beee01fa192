import React from "react";
import { withoutImageRuntime } from "../gatsby/image-runtime";

// The three head components gatsby-plugin-image adds to every page, keyed as in its gatsby-ssr.js.
const imageRuntime = [
  React.createElement("style", { key: "gatsby-image-style" }),
  React.createElement("noscript", { key: "gatsby-image-style-noscript" }),
  React.createElement("script", { key: "gatsby-image-style-script", type: "module" }),
];

describe("withoutImageRuntime", () => {
  it("takes gatsby-plugin-image's style, noscript style and module script out of the head", () => {
    const own = [React.createElement("meta", { key: "description" }), React.createElement("style", { key: "page-css" })];
    expect(withoutImageRuntime([...own.slice(0, 1), ...imageRuntime, ...own.slice(1)])).toEqual(own);
  });

  it("keeps head components without a key, and strings", () => {
    const keyless = [React.createElement("link", { rel: "icon" }), "text"];
    expect(withoutImageRuntime(keyless)).toEqual(keyless);
  });
});
