import React from "react";
import { render } from "@testing-library/react";
import { FAQ_COUNT, RECIPE_COUNT } from "../common/constants";
import { Seo } from "../src/components/Seo";
import { provideStaticQueries, readContent } from "./support/content";
import { faqPageJsonLd, type FaqEntry } from "../src/seo/faq";
import { FaqPageJsonLd } from "../src/seo/FaqPageJsonLd";
import { JsonLd } from "../src/seo/JsonLd";
import { organizationJsonLd } from "../src/seo/organization";
import { isoDuration, recipeJsonLd, recipesJsonLd, type RecipeCard } from "../src/seo/recipe";
import { RecipesJsonLd } from "../src/seo/RecipesJsonLd";
import { entitiesOf, structuredDataProblems } from "./support/required-properties";

interface RecipeContent {
  title: string;
  category: string;
  servings: number;
  ingredients: string[];
  steps: string[];
  time: number;
  benefit: string;
  image?: string;
}

const site = readContent<Parameters<typeof organizationJsonLd>[0]>("site.json");
const recipes = readContent<RecipeContent[]>("recipes.json");
const faqs = readContent<FaqEntry[]>("faq.json");
const cards: RecipeCard[] = recipes.map((r) => ({ ...r, imageSrc: `/static/hash/${r.title}.jpg` }));

function renderedJsonLd(container: ParentNode): unknown[] {
  return [...container.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? ""));
}

describe("Organization", () => {
  it("names the company with address and contact from site.json", () => {
    const org = organizationJsonLd(site);
    expect(structuredDataProblems(org)).toEqual([]);
    expect(org).toMatchObject({
      "@type": "Organization",
      name: site.brand,
      legalName: site.legal.company,
      url: `${site.siteUrl}/`,
      logo: `${site.siteUrl}/logo.png`,
      email: site.email,
      telephone: site.phone,
      address: {
        streetAddress: site.address.street,
        postalCode: site.address.postalCode,
        addressLocality: site.address.city,
        addressCountry: "DE",
      },
    });
  });

  it("is rendered by Seo on every page", () => {
    provideStaticQueries();
    const { container } = render(<Seo title="Impressum" description="Anbieterkennzeichnung" pathname="/impressum" />);
    const documents = renderedJsonLd(container);
    expect(documents).toHaveLength(1);
    expect(entitiesOf(documents[0]).map((e) => e["@type"])).toEqual(["Organization"]);
    expect(structuredDataProblems(documents[0])).toEqual([]);
  });
});

describe("Recipe", () => {
  it("turns minutes into ISO 8601 durations", () => {
    expect(isoDuration(10)).toBe("PT10M");
    expect(isoDuration(60)).toBe("PT1H");
    expect(isoDuration(75)).toBe("PT1H15M");
    expect(() => isoDuration(0)).toThrow("Zubereitungszeit");
  });

  it(`describes all ${RECIPE_COUNT} recipe cards of recipes.json with their required properties`, () => {
    const graph = recipesJsonLd(cards, site);
    expect(structuredDataProblems(graph)).toEqual([]);
    const entities = entitiesOf(graph);
    expect(entities).toHaveLength(RECIPE_COUNT);
    entities.forEach((entity, i) => {
      expect(entity).toMatchObject({
        "@type": "Recipe",
        name: recipes[i].title,
        description: recipes[i].benefit,
        recipeIngredient: recipes[i].ingredients,
        totalTime: isoDuration(recipes[i].time),
        recipeCategory: recipes[i].category,
        recipeYield: `${recipes[i].servings} ${recipes[i].servings === 1 ? "Portion" : "Portionen"}`,
        recipeInstructions: recipes[i].steps.map((text, step) => ({ "@type": "HowToStep", position: step + 1, text })),
        image: [`${site.siteUrl}/static/hash/${encodeURI(recipes[i].title)}.jpg`],
        author: { name: site.brand },
      });
    });
  });

  it("builds a single recipe document", () => {
    const doc = recipeJsonLd(cards[0], site);
    expect(doc["@context"]).toBe("https://schema.org");
    expect(structuredDataProblems(doc)).toEqual([]);
  });

  it("takes each card's picture URL from its Gatsby image", () => {
    provideStaticQueries();
    const nodes = recipes.slice(0, 2).map((r) => ({
      ...r,
      image: {
        childImageSharp: {
          gatsbyImageData: {
            layout: "constrained" as const,
            width: 800,
            height: 600,
            images: { fallback: { src: `/static/abc/${r.title.length}.jpg` } },
          },
        },
      },
    }));
    const { container } = render(<RecipesJsonLd recipes={nodes} />);
    const [doc] = renderedJsonLd(container);
    expect(entitiesOf(doc).map((e) => e.image)).toEqual(nodes.map((n) => [`${site.siteUrl}/static/abc/${n.title.length}.jpg`]));
  });
});

describe("FAQPage", () => {
  it(`holds the ${FAQ_COUNT} questions of faq.json with their answers`, () => {
    const doc = faqPageJsonLd(faqs, { siteUrl: site.siteUrl, pathname: "/kontakt-unterstuetzung" });
    expect(structuredDataProblems(doc)).toEqual([]);
    expect(doc.url).toBe(`${site.siteUrl}/kontakt-unterstuetzung`);
    const questions = doc.mainEntity as unknown as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions.map((q) => [q.name, q.acceptedAnswer.text])).toEqual(faqs.map((f) => [f.question, f.answer]));
    expect(questions).toHaveLength(FAQ_COUNT);
  });

  it("refuses an empty list", () => {
    expect(() => faqPageJsonLd([], { siteUrl: site.siteUrl, pathname: "/" })).toThrow("mindestens eine Frage");
  });

  it("renders through the page component with the site's address", () => {
    provideStaticQueries();
    const { container } = render(<FaqPageJsonLd entries={faqs} pathname="/kontakt-unterstuetzung" />);
    const [doc] = renderedJsonLd(container);
    expect(structuredDataProblems(doc)).toEqual([]);
    expect((doc as { url: string }).url).toBe(`${site.siteUrl}/kontakt-unterstuetzung`);
  });
});

describe("JsonLd", () => {
  it("cannot be broken out of by content that contains a closing script tag", () => {
    const entries = [{ question: "Was passiert bei </script><script>alert(1)</script>?", answer: "Nichts & gar nichts <b>." }];
    const data = faqPageJsonLd(entries, { siteUrl: site.siteUrl, pathname: "/x" });
    const { container } = render(<JsonLd data={data} />);
    const scripts = container.querySelectorAll("script");
    expect(scripts).toHaveLength(1);
    expect(scripts[0].innerHTML).not.toMatch(/<\/script/i);
    expect(JSON.parse(scripts[0].textContent ?? "")).toEqual(data);
  });
});

describe("structuredDataProblems", () => {
  it("reports what search engines would reject", () => {
    const recipe = recipesJsonLd([{ ...cards[0], imageSrc: null }], site);
    expect(structuredDataProblems(recipe)).toEqual([
      `Recipe „${cards[0].title}“: image fehlt oder ist keine absolute https-Adresse`,
    ]);
    const broken = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "X",
      description: "Y",
      image: "/relativ.jpg",
      recipeIngredient: [],
      totalTime: "10 min",
      author: {},
    };
    expect(structuredDataProblems(broken)).toEqual([
      "Recipe „X“: image fehlt oder ist keine absolute https-Adresse",
      "Recipe „X“: recipeIngredient fehlt",
      "Recipe „X“: totalTime ist keine ISO-8601-Dauer",
      "Recipe „X“: author.name fehlt",
    ]);
    const faq = {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Frage?", acceptedAnswer: { "@type": "Answer", text: " " } }],
    };
    expect(structuredDataProblems(faq)).toEqual(["FAQPage-Frage 1: acceptedAnswer.text fehlt"]);
    expect(structuredDataProblems({ "@type": "Organization" })).toEqual(['"@context" ist nicht https://schema.org']);
    expect(structuredDataProblems({ "@context": "https://schema.org", "@type": "Person", name: "A" })).toEqual([
      "unerwarteter Typ Person",
    ]);
  });
});
