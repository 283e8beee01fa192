import React from "react";
import { render, screen } from "@testing-library/react";
import { PreviewBanner } from "../src/components/PreviewBanner";
import { PREVIEW_BANNER_TITLE, livePathOf } from "../common/preview";

describe("PreviewBanner", () => {
  it("says that the page is a preview, names the change and links to the live page", () => {
    window.history.pushState({}, "", "/vorschau/cOA6ry11Prv9ZySEKRZwdw/gesunde-rezepte");
    render(<PreviewBanner name="pr-12" />);
    const banner = screen.getByRole("complementary", { name: "Vorschau" });
    expect(banner).toHaveTextContent(PREVIEW_BANNER_TITLE);
    expect(banner).toHaveTextContent("Änderung: pr-12");
    expect(screen.getByRole("link", { name: "Veröffentlichte Seite ansehen →" })).toHaveAttribute("href", "/gesunde-rezepte");
    window.history.pushState({}, "", "/");
  });

  it("maps a preview's paths to the live ones", () => {
    expect(livePathOf("/vorschau/cOA6ry11Prv9ZySEKRZwdw")).toBe("/");
    expect(livePathOf("/vorschau/cOA6ry11Prv9ZySEKRZwdw/")).toBe("/");
    expect(livePathOf("/vorschau/cOA6ry11Prv9ZySEKRZwdw/agb")).toBe("/agb");
    expect(livePathOf("/agb")).toBe("/agb");
  });
});
