/** @jest-environment node */
/** `{{…}}` placeholders and `{{#if …}}` conditions: the privacy texts follow the settings of site.json. */
import { escapeHtml, fillPlaceholders, toFill, unknownPlaceholders } from "../common/content/placeholders";
import { KEPT_AFTER_DAYS } from "../common/visit-stats";
import { FORM_MAIL_BOUND_HOURS, PURGE_INTERVAL_HOURS } from "../common/constants";

const site = {
  email: "kontakt@beispiel.de",
  ownerNotification: "link",
  retention: { contactRequestDays: 180 },
  deployment: { hostingProvider: "", cdn: "keines", webhookRecipients: "", euOnly: "" },
};
const TEXT =
  "Antwort an {{email}}. {{#if ownerNotification=full}}Mit Nachricht.{{else}}Nur Name und Link.{{/if}} " +
  "Löschung nach {{retention.contactRequestDays}} Tagen.";

describe("placeholders", () => {
  it("fills values and picks the branch that matches the setting", () => {
    expect(fillPlaceholders(TEXT, site)).toBe("Antwort an kontakt@beispiel.de. Nur Name und Link. Löschung nach 180 Tagen.");
    expect(fillPlaceholders(TEXT, { ...site, ownerNotification: "full" })).toBe(
      "Antwort an kontakt@beispiel.de. Mit Nachricht. Löschung nach 180 Tagen.",
    );
  });

  it("tests a value for being filled in when no comparison is given", () => {
    const text = "{{#if deployment.webhookRecipients}}An {{deployment.webhookRecipients}}.{{else}}Keine Weiterleitung.{{/if}}";
    expect(fillPlaceholders(text, site)).toBe("Keine Weiterleitung.");
    expect(fillPlaceholders(text, { ...site, deployment: { ...site.deployment, webhookRecipients: "CRM GmbH" } })).toBe(
      "An CRM GmbH.",
    );
  });

  it("shows a value still to fill in as a visible note, also where a condition depends on it", () => {
    expect(fillPlaceholders("Hoster: {{deployment.hostingProvider}}.", site)).toBe(
      `Hoster: ${toFill("deployment.hostingProvider")}.`,
    );
    expect(fillPlaceholders("{{#if deployment.euOnly=ja}}Nur EU.{{else}}Auch außerhalb.{{/if}}", site)).toBe(
      toFill("deployment.euOnly"),
    );
    expect(fillPlaceholders("{{#if deployment.cdn=keines}}Kein CDN.{{else}}CDN: {{deployment.cdn}}.{{/if}}", site)).toBe(
      "Kein CDN.",
    );
  });

  it("escapes filled values for HTML, not the text around them", () => {
    const values = { ...site, deployment: { ...site.deployment, hostingProvider: "A & B <GmbH>" } };
    expect(fillPlaceholders("<b>{{deployment.hostingProvider}}</b>", values, escapeHtml)).toBe("<b>A &amp; B &lt;GmbH&gt;</b>");
  });

  it("fills the figures the code keeps, which site.json cannot change", () => {
    const text = "Nach {{visitStats.keptAfterDays}} Tagen noch dabei.";
    expect(fillPlaceholders(text, site)).toBe(`Nach ${KEPT_AFTER_DAYS} Tagen noch dabei.`);
    expect(fillPlaceholders(text, { ...site, visitStats: { keptAfterDays: 7 } })).toBe(
      `Nach ${KEPT_AFTER_DAYS} Tagen noch dabei.`,
    );
    expect(unknownPlaceholders(text, site)).toEqual([]);
    expect(fillPlaceholders("{{formMails.boundHours}} und {{purge.intervalHours}} Stunden", site)).toBe(
      `${FORM_MAIL_BOUND_HOURS} und ${PURGE_INTERVAL_HOURS} Stunden`,
    );
  });

  it("names unknown placeholders and conditions, but not the condition syntax itself", () => {
    expect(unknownPlaceholders(TEXT, site)).toEqual([]);
    expect(unknownPlaceholders("{{#if ownerNotifcation=full}}x{{else}}{{emial}}{{/if}}", site)).toEqual([
      "ownerNotifcation",
      "emial",
    ]);
  });
});
