/** @jest-environment node */
/** The GraphQL content types follow from the content description: same files, same fields, same presence. */
import { buildSchema, GraphQLInterfaceType, GraphQLNonNull, GraphQLObjectType, isListType, type GraphQLField } from "graphql";
import { CONTENT_FILES, isListFile } from "../common/content/content-schema";
import { contentTypeDefs } from "../common/content/graphql-types";
import { shapeOf, type Shape } from "../common/content/schema-shape";
import { ALL_ROUTES } from "../common/routes";

/** What Gatsby declares before our types are added. */
const GATSBY_STUBS = `
  interface Node { id: ID! }
  type File implements Node { id: ID! }
  scalar Date
  directive @dontInfer on OBJECT
  directive @fileByRelativePath on FIELD_DEFINITION
  directive @dateformat on FIELD_DEFINITION
`;
const schema = buildSchema(`${GATSBY_STUBS}${contentTypeDefs}`);
const objectType = (name: string) => schema.getType(name) as GraphQLObjectType;

describe("GraphQL content types", () => {
  it("declares one node type per content file, named in the table", () => {
    const names = CONTENT_FILES.map((entry) => entry.type);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of CONTENT_FILES) {
      const faces = objectType(entry.type)
        .getInterfaces()
        .map((face) => face.name);
      const shared = shapeOf(isListFile(entry) ? entry.entry : entry.schema).meta.implements;
      expect(faces).toEqual(shared ? ["Node", shared] : ["Node"]);
    }
    expect(contentTypeDefs).toContain("type Recipe implements Node @dontInfer {");
  });

  it("has exactly the fields of the description, non-null where the check requires them", () => {
    const mismatches: string[] = [];
    const compare = (type: GraphQLObjectType, shape: Shape) => {
      const fields = type.getFields();
      const expected = Object.keys(shape.fields ?? {});
      if (Object.keys(fields).sort().join() !== [...expected].sort().join()) mismatches.push(`${type.name}: Felder`);
      for (const name of expected) {
        const field = shape.fields![name];
        const gql: GraphQLField<unknown, unknown> = fields[name];
        const nonNull = gql.type instanceof GraphQLNonNull;
        // A nested type shared by several objects (a hero with and without image) is non-null only where all need it.
        if (nonNull && (field.optional || field.meta.graphqlNullable)) mismatches.push(`${type.name}.${name}: darf null sein`);
        const inner = nonNull ? (gql.type as GraphQLNonNull<never>).ofType : gql.type;
        if (field.kind === "array" && !isListType(inner)) mismatches.push(`${type.name}.${name}: Liste`);
        if (field.kind === "object" && !(inner instanceof GraphQLObjectType)) mismatches.push(`${type.name}.${name}: Objekt`);
        if (field.kind === "object" && inner instanceof GraphQLObjectType && !field.meta.type) compare(inner, field);
      }
    };
    for (const entry of CONTENT_FILES) compare(objectType(entry.type), shapeOf(isListFile(entry) ? entry.entry : entry.schema));
    expect(mismatches).toEqual([]);
  });

  it("gives pages of one shape an interface with the fields they all have, for one fragment", () => {
    const face = schema.getType("NextStepsPage") as GraphQLInterfaceType;
    expect(Object.keys(face.getFields()).sort()).toEqual(["hero", "links", "seo", "steps"]);
    expect(String(face.getFields().steps.type)).toBe("TitledList!");
    const members = schema.getImplementations(face).objects.map((type) => type.name);
    // The thank-you page, and every page whose row names the shape „next-steps“.
    const shaped = ALL_ROUTES.filter((route) => route.shape === "next-steps").map((route) => route.type);
    expect(shaped).toContain("SignupConfirmedPageCopy");
    expect(members.sort()).toEqual(["ThanksPageCopy", ...shaped].sort());
  });

  it("makes an optional field nullable and a required one non-null", () => {
    const recipe = objectType("Recipe").getFields();
    expect(String(recipe.servings.type)).toBe("Int!");
    expect(String(recipe.caffeineMgPerLitre.type)).toBe("Int");
    expect(String(recipe.ingredients.type)).toBe("[String!]!");
    expect(String(objectType("Testimonial").getFields().date.type)).toBe("Date!");
  });

  it("merges objects of one name: the hero's image text is required only where the hero has an image", () => {
    const hero = objectType("PageHero").getFields();
    expect(String(hero.title.type)).toBe("String!");
    expect(String(hero.imageAlt.type)).toBe("String");
    expect(String(hero.image.type)).toBe("File");
  });

  it("keeps the type names the page fragments are written on", () => {
    for (const name of ["PageHero", "SectionIntro", "CallToAction", "TitledText", "Testimonial", "Recipe", "Notices"])
      expect(objectType(name)).toBeInstanceOf(GraphQLObjectType);
  });
});
