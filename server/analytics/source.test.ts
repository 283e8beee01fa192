/**
 * What is kept of a visit's utm values: utm_medium only as one of the usual channels (anything else is
 * „sonstige“), utm_source and utm_campaign cut to letters, digits and a few marks, and dropped to „andere“
 * when they carry an e-mail address. The same rule applies to the page's request and to the form post, so
 * visits and sign-ups of one source are counted under one label.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FastifyRequest } from "fastify";
import { OTHER_MEDIUM, UTM_MEDIUMS, VISIT_SOURCE_MAX_LENGTH } from "../../common/visit-source";
import { postSource } from "./index";
import { campaignOfQuery, cleanLabel, cleanMedium, OTHER } from "./source";

const post = (body: Record<string, unknown>) =>
  postSource({ host: "www.urkraft.de", headers: {} } as unknown as FastifyRequest, body, ["www.urkraft.de"]);

describe("utm_medium", () => {
  it("keeps every usual channel as it is", () => {
    for (const medium of UTM_MEDIUMS) assert.equal(cleanMedium(medium), medium);
    assert.equal(cleanMedium(" Newsletter "), "newsletter");
    assert.equal(cleanMedium("CPC"), "cpc");
  });

  it("reads usual spellings as the channel they mean", () => {
    assert.equal(cleanMedium("E-Mail"), "email");
    assert.equal(cleanMedium("Social Media"), "social");
    assert.equal(cleanMedium("ppc"), "cpc");
    assert.equal(cleanMedium("QR-Code"), "qr");
  });

  it("counts and stores any other value as „sonstige“, so it can carry no identifier", () => {
    for (const raw of [
      "abonnent-4711",
      "8f3a9c2e-77b1-4c1e-9d1f-0a2b3c4d5e6f",
      "e-mail brief",
      "constructor",
      "andere",
      "anna@beispiel.de",
    ])
      assert.equal(cleanMedium(raw), OTHER_MEDIUM, raw);
    assert.equal(cleanMedium(OTHER_MEDIUM), OTHER_MEDIUM);
  });

  it("stays away when it is not given or nothing is left of it", () => {
    assert.equal(cleanMedium(undefined), undefined);
    assert.equal(cleanMedium(""), undefined);
    assert.equal(cleanMedium("\u0000\u200b "), undefined);
    assert.equal(cleanMedium(42), undefined);
  });

  it("is read alike from a page's address and from a form post", () => {
    assert.equal(campaignOfQuery("?utm_source=flyer&utm_medium=Kunde-12345").medium, OTHER_MEDIUM);
    assert.equal(campaignOfQuery("?utm_source=flyer&utm_medium=E-Mail").medium, "email");
    assert.deepEqual(post({ utm_source: "flyer", utm_medium: "Kunde-12345", quelle_seite: "" }), {
      source: "flyer",
      medium: OTHER_MEDIUM,
      campaign: "",
    });
    assert.deepEqual(post({ utm_source: "brevo", utm_medium: "E-Mail", utm_campaign: "Herbst 2026" }), {
      source: "brevo",
      medium: "email",
      campaign: "herbst 2026",
    });
  });
});

describe("utm_source and utm_campaign", () => {
  it("keep letters, digits, spaces and „._+-“ only", () => {
    assert.equal(cleanLabel("Grüße aus München"), "grüße aus münchen");
    assert.equal(cleanLabel("herbst_2026.v2+test"), "herbst_2026.v2+test");
    assert.equal(cleanLabel("a/b?c=d&e%20f"), "abcde20f");
    assert.equal(cleanLabel("🌲\u202ewald"), "wald");
    assert.equal(cleanLabel("x\u00a0\u00a0y"), "x y");
    assert.equal(cleanLabel("%%%"), undefined);
  });

  it("are cut to the longest value kept", () => {
    assert.equal(cleanLabel("k".repeat(10_000)), "k".repeat(VISIT_SOURCE_MAX_LENGTH));
  });

  it("become „andere“ when they carry an e-mail address", () => {
    assert.equal(cleanLabel("anna@beispiel.de"), OTHER);
    assert.equal(cleanLabel("newsletter für anna.muster@example.com"), OTHER);
    assert.equal(campaignOfQuery("?utm_source=anna%40beispiel.de").source, OTHER);
  });
});
