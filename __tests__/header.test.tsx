import React from "react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Header } from "../src/components/Header";
import { HEADER_LINKS } from "../common/navigation";
import { provideStaticQueries } from "./support/content";

const site = provideStaticQueries();

beforeEach(() => {
  provideStaticQueries();
});

describe("Header", () => {
  it("links Start, Bewegung, Ernährung and Kontakt in the main navigation", () => {
    render(<Header />);
    const nav = screen.getByRole("navigation", { name: "Hauptnavigation" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(["Start", "Bewegung", "Ernährung", "Kontakt"]);
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/",
      "/bewegung-alltag",
      "/ernaehrung-traditionell",
      "/kontakt-unterstuetzung",
    ]);
    expect(HEADER_LINKS).toHaveLength(4);
  });

  it("shows the secure-connection label and the contact e-mail as a mailto link", () => {
    render(<Header />);
    expect(screen.getAllByText("Sichere Verbindung").length).toBeGreaterThan(0);
    const mail = screen.getAllByRole("link", { name: site.email })[0];
    expect(mail).toHaveAttribute("href", `mailto:${site.email}`);
  });

  it("opens the mobile menu with the toggle and closes it when a link is clicked", async () => {
    const user = userEvent.setup();
    render(<Header />);
    const toggle = screen.getByRole("button", { name: "Menü öffnen" });
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "")!;
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName("Menü schließen");
    expect(menu).toBeVisible();

    await user.click(within(menu).getByRole("link", { name: "Ernährung" }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(menu).not.toBeVisible();
  });

  it("closes the mobile menu on Escape and returns focus to the toggle", async () => {
    const user = userEvent.setup();
    render(<Header />);
    const toggle = screen.getByRole("button", { name: "Menü öffnen" });
    await user.click(toggle);
    await user.tab();
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });
});
