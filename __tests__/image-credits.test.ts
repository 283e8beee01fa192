/** @jest-environment node */
/**
 * Every picture has its record in content/image-credits.json (author or source, licence with proof, a
 * recognisable person only with the day of consent): the content check refuses a picture without one and a
 * record that is incomplete, and the Impressum's „Bildnachweis“ is written from the records.
 */
import fs from "node:fs";
import path from "node:path";
import { allContentProblems } from "../common/content/content-check";
import { legalMarkdownHtml } from "../common/content/legal-html";
import { legalValues, photoCredit, type ImageCredit } from "../common/content/image-credits";
import { readFrontMatter } from "../common/content/front-matter";
import { CONTENT_DIR, contentCopy, removeContentCopies } from "./support/content";

afterAll(removeContentCopies);

const CREDITS = "image-credits.json";
const PHOTO: ImageCredit = {
  image: "images/wochenmarkt.jpg",
  kind: "Foto",
  author: "Max Muster / Unsplash",
  license: "Unsplash-Lizenz",
  proof: "Download-Beleg im Ordner Bildrechte",
  showsPerson: "nein",
  consentDate: "",
};

/** A copy of content/ with a photo added (its file and, unless left out, its record changed by `change`). */
function withPhoto(change: ((record: ImageCredit) => void) | "no record"): string {
  const dir = contentCopy();
  fs.copyFileSync(path.join(dir, "images/hero-start.jpg"), path.join(dir, PHOTO.image));
  const file = path.join(dir, CREDITS);
  const credits = JSON.parse(fs.readFileSync(file, "utf8"));
  if (change !== "no record") {
    const record = { ...PHOTO };
    change(record);
    credits.images.push(record);
  }
  fs.writeFileSync(file, JSON.stringify(credits, null, 2));
  return dir;
}

const aboutPictures = (dir: string) => allContentProblems(dir, { production: false }).filter((line) => line.includes(CREDITS));

describe("the pictures' records in the content check", () => {
  it("finds a record for every picture of the site, each an own illustration", () => {
    const credits = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, CREDITS), "utf8"));
    expect(credits.images.length).toBeGreaterThanOrEqual(13);
    expect(credits.images.every((record: ImageCredit) => record.kind === "eigene Illustration")).toBe(true);
    expect(aboutPictures(CONTENT_DIR)).toEqual([]);
  });

  it("accepts a photo with its author, licence and proof", () => {
    expect(aboutPictures(withPhoto(() => undefined))).toEqual([]);
  });

  it("keeps an upload's record acceptable to the check when it was typed with straight quotes, „z. B.“ or a percentage", () => {
    const record = photoCredit(PHOTO.image, {
      author: ' Max "Maxi" Muster / Unsplash ',
      license: "Unsplash-Lizenz, z. B. für 100 % der Nutzung",
      proof: 'Beleg "Download 3"',
      showsPerson: "nein",
      consentDate: "2026-01-01",
    });
    expect(record).toEqual({
      ...PHOTO,
      author: "Max „Maxi“ Muster / Unsplash",
      license: "Unsplash-Lizenz, z.\u00a0B. für 100 % der Nutzung",
      proof: "Beleg „Download 3“",
    });
    expect(aboutPictures(withPhoto((entry) => Object.assign(entry, record)))).toEqual([]);
  });

  it("refuses a picture without its record", () => {
    expect(aboutPictures(withPhoto("no record"))).toEqual([
      expect.stringMatching(
        /^content\/image-credits\.json: zum Bild „images\/wochenmarkt\.jpg“ fehlt der Eintrag; trag ein, wer es gemacht hat/,
      ),
    ]);
  });

  it("refuses an empty author, a person without the day of consent and a day still to come", () => {
    expect(aboutPictures(withPhoto((record) => (record.author = "")))).toEqual([
      "content/image-credits.json, Feld „images[13].author“: fehlt oder ist leer",
    ]);
    expect(aboutPictures(withPhoto((record) => (record.showsPerson = "ja")))).toEqual([
      expect.stringMatching(
        /^content\/image-credits\.json, Feld „images\[13\]\.consentDate“: das Bild zeigt eine erkennbare Person, aber der Tag ihrer Einwilligung fehlt/,
      ),
    ]);
    expect(
      aboutPictures(
        withPhoto((record) => {
          record.showsPerson = "ja";
          record.consentDate = "2999-01-01";
        }),
      ),
    ).toEqual([
      "content/image-credits.json, Feld „images[13].consentDate“: liegt in der Zukunft (2999-01-01); eintragen, an welchem Tag die Person eingewilligt hat",
    ]);
  });

  it("refuses a record of a picture that is not there, and a picture recorded twice", () => {
    const dir = withPhoto(() => undefined);
    fs.rmSync(path.join(dir, PHOTO.image));
    expect(aboutPictures(dir)).toEqual([
      "content/image-credits.json, Feld „images[13].image“: Bilddatei „images/wochenmarkt.jpg“ gibt es nicht",
    ]);
    const twice = withPhoto((record) => (record.image = "images/hero-start.jpg"));
    expect(aboutPictures(twice)).toEqual(
      expect.arrayContaining([
        "content/image-credits.json, Feld „images[13].image“: „images/hero-start.jpg“ hat schon einen Eintrag",
        expect.stringMatching(/zum Bild „images\/wochenmarkt\.jpg“ fehlt der Eintrag/),
      ]),
    );
  });
});

describe("the Impressum's Bildnachweis", () => {
  const site = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, "site.json"), "utf8"));
  const credits = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, CREDITS), "utf8"));
  const { content } = readFrontMatter(fs.readFileSync(path.join(CONTENT_DIR, "legal/impressum.md"), "utf8"));
  const imprint = (images: Partial<ImageCredit>[]) => legalMarkdownHtml(content, legalValues(site, { images }));

  it("names the own illustrations, and a photo's author, source and licence once there is one", () => {
    const text = imprint([...credits.images, PHOTO, { ...PHOTO, image: "images/markt-2.jpg" }]);
    expect(text).toContain(
      "Illustrationen und Grafiken: eigene Illustrationen der Urkraft GmbH. Fotos: Max Muster / Unsplash, Unsplash-Lizenz.",
    );
    expect(text).not.toContain("Download-Beleg");
  });

  it("names no photos while all pictures are own illustrations, and says the pictures are the company's only so far", () => {
    const text = imprint(credits.images);
    expect(text).toContain("Illustrationen und Grafiken: eigene Illustrationen der Urkraft GmbH.");
    expect(text).not.toMatch(/Fotos:|\{\{/);
    expect(text).toContain(
      "Die Texte, Rezepte, Bewegungspläne und – soweit im Bildnachweis nicht anders angegeben – Bilder und Grafiken auf dieser Website stammen von der Urkraft GmbH",
    );
    expect(text).not.toContain("Alle Illustrationen und Grafiken auf dieser Website sind eigene Illustrationen");
  });

  it("writes a credit as text, never as markup", () => {
    const text = imprint([{ ...PHOTO, author: "<img src=x onerror=alert(1)> Muster" }]);
    expect(text).toContain("Fotos: &lt;img src=x onerror=alert(1)&gt; Muster, Unsplash-Lizenz.");
  });
});
