import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { hydrate } from "../scripts/audit/measure";
import { PREVIEW_BANNER_TITLE } from "../common/preview";
import { ROUTES } from "../common/routes";

/**
 * A preview in the browser, served by the same server as the live site: the banner, a link followed inside
 * the preview (Gatsby's client-side navigation with the preview's page data), the way back to the live
 * page, and the info form, which the server refuses with a German note.
 */
const NAME = `browser-${process.env.E2E_PORT ?? "9123"}`;
let address = "";

test.describe("a preview", () => {
  test.describe.configure({ timeout: 300_000 });

  test.beforeAll(({ baseURL }) => {
    const output = execFileSync("npm", ["run", "-s", "deploy", "--", "--preview", NAME], {
      encoding: "utf8",
      env: { ...process.env, PREVIEW_ORIGIN: baseURL },
      timeout: 280_000,
    });
    address = output.trim().split("\n").at(-1)!;
  });

  test.afterAll(() => {
    execFileSync("npm", ["run", "-s", "deploy", "--", "--preview", NAME, "--remove"], { encoding: "utf8" });
  });

  test("shows the banner, keeps a followed link inside the preview and refuses the form", async ({ page }) => {
    const prefix = new URL(address).pathname.replace(/\/$/, "");
    const posts: string[] = [];
    const requested: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      requested.push(pathname);
      if (request.method() === "POST") posts.push(pathname);
    });
    await page.goto(address);
    await hydrate(page);
    const banner = page.locator("[data-preview-banner]");
    await expect(banner).toContainText(PREVIEW_BANNER_TITLE);
    await expect(banner).toContainText(NAME);
    await expect(banner.getByRole("link", { name: "Veröffentlichte Seite ansehen →" })).toHaveAttribute("href", "/");

    // A link of the header, followed by Gatsby in the page: the address and the page data stay in the preview.
    await page.getByRole("navigation").first().getByRole("link", { name: ROUTES.movement.navLabel, exact: true }).click();
    await expect(page).toHaveURL(`${prefix}${ROUTES.movement.path}`);
    expect(requested).toContain(`${prefix}/page-data${ROUTES.movement.path}/page-data.json`);
    expect(requested.filter((pathname) => !pathname.startsWith(`${prefix}/`) && pathname !== prefix)).toEqual([]);
    await expect(page.locator("[data-preview-banner]")).toBeVisible();
    await expect(page.locator("[data-preview-banner]").getByRole("link")).toHaveAttribute("href", ROUTES.movement.path);

    // The info form on the preview's start page: sent to the preview's own endpoint, refused with a note.
    await page.goto(address);
    await hydrate(page);
    const form = page.locator("#info-form form");
    await expect(form).toHaveAttribute("action", `${prefix}/api/leads`);
    await form.getByLabel("Dein Vorname").fill("Markus");
    await form.getByLabel("Deine E-Mail-Adresse").fill(`markus.${Date.now()}@beispiel.de`);
    await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
    await expect(page.getByText("Das ist eine Vorschau: Formulare werden hier nicht gesendet")).toBeVisible();
    expect(posts).toEqual([`${prefix}/api/leads`]);
    await expect(page).toHaveURL(address);
  });
});
