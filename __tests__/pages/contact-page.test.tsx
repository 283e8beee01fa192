import React from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import ContactPage from "../../src/pages/kontakt-unterstuetzung";
import { FAQ_COUNT } from "../../common/constants";
import { FORM_ENDPOINTS } from "../../common/forms/schemas";
import { provideStaticQueries, readContent } from "./support";

interface Faq {
  question: string;
  answer: string;
}

function renderContact() {
  const { site } = provideStaticQueries();
  const faqs = readContent<Faq[]>("faq.json");
  const data = { contactPageCopy: readContent("pages/kontakt-unterstuetzung.json"), allFaq: { nodes: faqs } };
  render(<ContactPage {...({ data } as any)} />);
  return { site, faqs, copy: readContent<any>("pages/kontakt-unterstuetzung.json") };
}

describe("contact page", () => {
  it("is titled „Kontakt & Unterstützung“", () => {
    renderContact();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Kontakt & Unterstützung");
  });

  it("gives the e-mail address with the 24-hour promise", () => {
    const { site, copy } = renderContact();
    const card = screen.getByRole("heading", { name: copy.email.title }).parentElement!;
    expect(within(card).getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    expect(site.replyWithinHours).toBe(24);
    expect(card).toHaveTextContent(/innerhalb von 24 Stunden/);
  });

  it("gives the postal address in Munich", () => {
    const { site, copy } = renderContact();
    const address = screen.getByRole("heading", { name: copy.address.title }).parentElement!.querySelector("address")!;
    expect(address).toHaveTextContent(`${site.legal.company}${site.address.street}${site.address.postalCode} München`);
  });

  it("lists the opening hours Montag–Freitag 9:00–18:00 and Samstag 10:00–14:00", () => {
    const { copy } = renderContact();
    const card = screen.getByRole("heading", { name: copy.hours.title }).parentElement!;
    const terms = Array.from(card.querySelectorAll("dt")).map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);
    expect(terms).toEqual(["Montag–Freitag 9:00–18:00\u00a0Uhr", "Samstag 10:00–14:00\u00a0Uhr"]);
  });

  it(`answers the ${FAQ_COUNT} questions in disclosures that open on click`, () => {
    const { faqs, copy } = renderContact();
    const section = screen.getByRole("region", { name: copy.faq.title });
    const details = section.querySelectorAll("details");
    expect(details).toHaveLength(FAQ_COUNT);
    expect(faqs.map((f) => f.question)).toEqual([
      "Wie lange dauert es, bis ich erste Ergebnisse merke?",
      "Wo bekomme ich regionale Zutaten?",
      "Sind die Rezepte für jeden geeignet?",
      "Wie kombiniere ich Bewegung und Ernährung?",
    ]);
    details.forEach((item, index) => {
      expect(item.open).toBe(false);
      fireEvent.click(within(item).getByText(faqs[index].question));
      expect(item.open).toBe(true);
      // toHaveTextContent reads the no-break space of „78 %“ as a plain one.
      expect(item).toHaveTextContent(faqs[index].answer.replace(/\s+/g, " "));
    });
  });

  it("has the message form with the privacy link, and the two trust notes", () => {
    const { copy } = renderContact();
    const column = screen.getByRole("region", { name: copy.form.title });
    expect(within(column).getByRole("form", { name: "Kontaktformular" })).toHaveAttribute("action", FORM_ENDPOINTS.contact);
    expect(within(column).getByRole("link", { name: "Datenschutzerklärung" })).toHaveAttribute("href", "/datenschutz");
    // A true title: no guarantee the privacy statement itself denies (§ 5 UWG).
    expect(within(column).getByText("Datenschutz ernst genommen")).toBeInTheDocument();
    expect(within(column).queryByText(/garantiert/)).not.toBeInTheDocument();
    expect(within(column).getAllByText(/nie für Werbung/)).toHaveLength(2);
    // HTTPS is enforced in the deployment facts, so the note may say so.
    expect(within(column).getByText("Sichere Übertragung")).toBeInTheDocument();
  });

  it("promises no encryption the deployment does not enforce: without enforced HTTPS the note asks for „https://“", () => {
    const { site } = provideStaticQueries();
    (site.deployment as { httpsEnforced: string }).httpsEnforced = "nein";
    const copy = readContent<any>("pages/kontakt-unterstuetzung.json");
    render(<ContactPage {...({ data: { contactPageCopy: copy, allFaq: { nodes: [] } } } as any)} />);
    const column = screen.getByRole("region", { name: copy.form.title });
    expect(within(column).queryByText("Sichere Übertragung")).not.toBeInTheDocument();
    expect(within(column).queryByText(/verschlüsselt per HTTPS übertragen/)).not.toBeInTheDocument();
    expect(within(column).getByText("Verschlüsselt mit „https://“")).toBeInTheDocument();
    expect(
      within(column).getByText(/Steht in der Adresszeile „https:\/\/“, kommen deine Angaben verschlüsselt bei uns an\./),
    ).toBeInTheDocument();
  });
});
