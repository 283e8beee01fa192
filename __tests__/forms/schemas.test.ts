import { ValidationError } from "yup";
import { EMAIL_HTML_PATTERN, EMAIL_PATTERN, MESSAGES, contactSchema, leadSchema } from "../../common/forms/schemas";
import { LIMITS } from "../../common/constants";

async function errorsOf(schema: typeof leadSchema | typeof contactSchema, values: Record<string, unknown>) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((problem) => [problem.path, problem.message]));
  }
}

describe("the spec's messages", () => {
  it("are exactly the error catalogue", () => {
    expect(MESSAGES).toEqual({
      leadEmail: "Ungültige E-Mail",
      leadName: "Name erforderlich",
      nameWithLink: "Bitte gib nur deinen Namen ein – ohne Links, Web- oder E-Mail-Adressen.",
      contactEmail: "Ungültige E-Mail-Adresse",
      contactName: "Name erforderlich (max. 100 Zeichen)",
      contactMessage: "Nachricht erforderlich (max. 1000 Zeichen)",
    });
  });
});

describe("a name", () => {
  const refused = [
    "Gewinn auf www.example.com",
    "gewinn.de",
    "Klick https://x.y/z",
    "Preis: bit.ly/abc",
    "anna@beispiel.de",
    "GEWINN.COM",
    "example.com",
    "bit.ly",
    "Max von gewinn.de.",
    "Gewinn: gewinn.de.vu",
    "Preis auf gewinn.shop abholen",
    "gewinn.immobilien",
    "Max xn--80ak6aa92e.xn--p1ai",
  ];
  const kept = ["Anna", "Dr. Müller", "J.R.R. Tolkien", "Anna.Maria", "Frau Dr.Schmidt", "Hans-Peter Müller", "O'Neil", "Max M."];
  // Titles and names with a dot inside a word: none ends like a web address.
  const titled = [
    "Dr.med Schmidt",
    "Dr.med. Schmidt",
    "Hans-Peter St.Clair",
    "hans-peter st.clair",
    "Dr.rer.nat. Meier",
    "Dr.med.dent. Schulz",
    "Mag.art. Berger",
    "dipl.ing. huber",
    "Prof.Dr.med. Anna-Lena Weiß",
  ];

  it.each(refused)("that carries a link or an address is refused in both forms: %s", async (name) => {
    const email = "anna@beispiel.de";
    expect(await errorsOf(leadSchema, { name, email })).toEqual({ name: MESSAGES.nameWithLink });
    expect(await errorsOf(contactSchema, { name, email, message: "Hallo" })).toEqual({ name: MESSAGES.nameWithLink });
  });

  it.each(kept)("that is only a name passes: %s", async (name) => {
    expect(await errorsOf(leadSchema, { name, email: "anna@beispiel.de" })).toEqual({});
  });

  it.each(titled)("with a title or a dot inside a word passes in both forms: %s", async (name) => {
    const email = "anna@beispiel.de";
    expect(await errorsOf(leadSchema, { name, email })).toEqual({});
    expect(await errorsOf(contactSchema, { name, email, message: "Hallo" })).toEqual({});
  });
});

describe("leadSchema", () => {
  it("requires a name and a valid e-mail", async () => {
    expect(await errorsOf(leadSchema, {})).toEqual({
      name: MESSAGES.leadName,
      email: MESSAGES.leadEmail,
    });
    expect(await errorsOf(leadSchema, { name: "", email: "" })).toEqual({
      name: MESSAGES.leadName,
      email: MESSAGES.leadEmail,
    });
  });

  it("trims the name and the e-mail and treats blanks as missing", async () => {
    expect(await errorsOf(leadSchema, { name: " \t ", email: "markus@beispiel.de" })).toEqual({
      name: MESSAGES.leadName,
    });
    expect(await leadSchema.validate({ name: "  Markus ", email: " markus@beispiel.de " })).toEqual({
      name: "Markus",
      email: "markus@beispiel.de",
    });
  });

  it("limits the e-mail to 255 characters", async () => {
    const at = (length: number) => `${"a".repeat(length - "@beispiel.de".length)}@beispiel.de`;
    expect(await errorsOf(leadSchema, { name: "M", email: at(LIMITS.email) })).toEqual({});
    expect(await errorsOf(leadSchema, { name: "M", email: at(LIMITS.email + 1) })).toEqual({
      email: MESSAGES.leadEmail,
    });
  });
});

describe("contactSchema", () => {
  const valid = { name: "Thomas", email: "thomas@beispiel.de", message: "Hallo" };

  it("requires all three fields with the contact form's messages", async () => {
    expect(await errorsOf(contactSchema, { name: "", email: "", message: "" })).toEqual({
      name: MESSAGES.contactName,
      email: MESSAGES.contactEmail,
      message: MESSAGES.contactMessage,
    });
  });

  it("trims, then allows 100 and 1000 characters and refuses one more", async () => {
    expect(await errorsOf(contactSchema, { ...valid, name: "N".repeat(100), message: "M".repeat(1000) })).toEqual({});
    expect(await errorsOf(contactSchema, { ...valid, name: ` ${"N".repeat(100)} `, message: ` ${"M".repeat(1000)}\n` })).toEqual(
      {},
    );
    expect(await errorsOf(contactSchema, { ...valid, name: "N".repeat(101), message: "M".repeat(1001) })).toEqual({
      name: MESSAGES.contactName,
      message: MESSAGES.contactMessage,
    });
    expect(await errorsOf(contactSchema, { ...valid, name: "  ", message: "\n\n" })).toEqual({
      name: MESSAGES.contactName,
      message: MESSAGES.contactMessage,
    });
  });

  it("uses the same simple e-mail rule as the lead form", async () => {
    expect(await errorsOf(contactSchema, { ...valid, email: "thomas@beispiel" })).toEqual({ email: MESSAGES.contactEmail });
    expect(await errorsOf(contactSchema, { ...valid, email: "thomas@beispiel.de" })).toEqual({});
  });
});

describe("the e-mail rule", () => {
  const good = ["a@b.de", "markus.mueller+news@mail.beispiel.de", "ä@ö.de", "x@y.co.uk"];
  const bad = [
    "",
    "markus",
    "markus@",
    "@beispiel.de",
    "markus@beispiel",
    "mar kus@beispiel.de",
    "markus@@beispiel.de",
    "a@b@c.de",
    "markus@beispiel..de",
    "markus@.de",
    "markus@beispiel.de.",
  ];

  it.each(good)("accepts %p", (email) => expect(EMAIL_PATTERN.test(email)).toBe(true));
  it.each(bad)("refuses %p", (email) => expect(EMAIL_PATTERN.test(email)).toBe(false));

  it("is the same rule in the HTML pattern attribute, as the browser applies it (whole value, v flag)", () => {
    const html = new RegExp(`^(?:${EMAIL_HTML_PATTERN})$`, "v");
    for (const email of [...good, ...bad]) expect([email, html.test(email)]).toEqual([email, EMAIL_PATTERN.test(email)]);
  });
});
