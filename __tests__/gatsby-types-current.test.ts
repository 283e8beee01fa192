/** @jest-environment node */
/**
 * src/gatsby-types.d.ts is not in git: `npm run types` (the start of `npm run typecheck`, scripts/gatsby-types.ts)
 * writes it from Gatsby's bootstrap, `gatsby build` (graphqlTypegen) again. This test fails when it no longer
 * matches the content types or the queries in src/: then run `npm run types`.
 */
import fs from "node:fs";
import path from "node:path";
import {
  buildSchema,
  isNonNullType,
  Kind,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { contentTypeDefs } from "../common/content/graphql-types";

const ROOT = path.join(__dirname, "..");
const TYPES_FILE = path.join(ROOT, "src", "gatsby-types.d.ts");
const typesText = fs.readFileSync(TYPES_FILE, "utf8");
const HINT = "src/gatsby-types.d.ts ist veraltet – `npm run types` ausführen";

/** Every `key: { … }` path of a generated TypeScript object type, e.g. "recipesPageCopy.hero.image". */
function typePaths(literal: string): string[] {
  const paths: string[] = [];
  // Each "{" opens the object of the key read last; the outermost one belongs to no key.
  const stack: string[] = [];
  let lastKey = "";
  for (const token of literal.matchAll(/readonly (\w+):|[{}]/g)) {
    if (token[0] === "{") stack.push(lastKey);
    else if (token[0] === "}") stack.pop();
    else {
      paths.push([...stack, token[1]].filter(Boolean).join("."));
      lastKey = token[1];
    }
  }
  return paths.sort();
}

/** Every field path a selection asks for, with fragment spreads resolved, e.g. "recipesPageCopy.hero.image". */
function selectionPaths(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, at: string[] = []): string[] {
  return set.selections.flatMap((selection) => {
    if (selection.kind === Kind.FRAGMENT_SPREAD)
      return selectionPaths(fragments.get(selection.name.value)!.selectionSet, fragments, at);
    if (selection.kind === Kind.INLINE_FRAGMENT) return selectionPaths(selection.selectionSet, fragments, at);
    const key = [...at, selection.alias?.value ?? selection.name.value];
    return [key.join("."), ...(selection.selectionSet ? selectionPaths(selection.selectionSet, fragments, key) : [])];
  });
}

/** The queries and fragments Gatsby extracts: every graphql`…` in src/ and gatsby-node.ts. */
function sourceDocuments(): DocumentNode[] {
  const files = (fs.readdirSync(path.join(ROOT, "src"), { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name))
    .map((name) => path.join(ROOT, "src", name));
  return [...files, path.join(ROOT, "gatsby-node.ts")].flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(/graphql(?:<[^>]*>)?\(?\s*`([^`]*)`/g)].map((match) => parse(match[1])),
  );
}

/** The right-hand side of `type Name = …;` in the generated file. */
function generatedType(name: string): string | undefined {
  const start = typesText.indexOf(`\ntype ${name} = `);
  if (start < 0) return undefined;
  const from = typesText.indexOf("=", start) + 1;
  return typesText.slice(from, typesText.indexOf("};\n", from) + 1);
}

/**
 * The object types behind a query or fragment: a fragment on an interface is generated as one type per
 * implementing type (`Name_Type_Fragment`) and their union.
 */
function generatedObjects(name: string): string[] | undefined {
  const union = new RegExp(`\\ntype ${name} = ((?:\\w+ \\| )+\\w+);\\n`).exec(typesText);
  if (union) return union[1].split(" | ").map((member) => generatedType(member) ?? "");
  const literal = generatedType(name);
  return literal === undefined ? undefined : [literal];
}

describe("src/gatsby-types.d.ts", () => {
  const documents = sourceDocuments();
  const definitions = documents.flatMap((document) => document.definitions);
  const fragments = new Map(
    definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const operations = definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION && d.name ? [{ type: `${d.name.value}Query`, set: d.selectionSet }] : [],
  );
  const fragmentTypes = [...fragments.values()].map((d) => ({ type: `${d.name.value}Fragment`, set: d.selectionSet }));

  it("has a type for every query and fragment in src/, and none for one that is gone", () => {
    const expected = [...operations, ...fragmentTypes].map((entry) => entry.type).sort();
    const generated = [...typesText.matchAll(/^type (\w+(?:Query|Fragment)) = /gm)]
      .map((match) => match[1])
      .filter((name) => !name.startsWith("GatsbyImageSharp")) // gatsby-transformer-sharp's own fragments
      .filter((name) => !/^(\w+?)_\w+_Fragment$/.test(name) || !fragments.has(/^(\w+?)_/.exec(name)![1])) // parts of a union
      .sort();
    expect({ generated, hint: HINT }).toEqual({ generated: expected, hint: HINT });
  });

  it("gives every query and fragment the fields it selects", () => {
    const stale = [...operations, ...fragmentTypes].filter(({ type, set }) => {
      const expected = selectionPaths(set, fragments).sort().join();
      const objects = generatedObjects(type);
      return !objects || objects.some((literal) => typePaths(literal).join() !== expected);
    });
    expect({ stale: stale.map((entry) => entry.type), hint: HINT }).toEqual({ stale: [], hint: HINT });
  });

  it("declares every content type with the fields and presence of the content description", () => {
    const schema = buildSchema(
      `interface Node { id: ID! } type File implements Node { id: ID! } scalar Date
       directive @dontInfer on OBJECT directive @fileByRelativePath on FIELD_DEFINITION directive @dateformat on FIELD_DEFINITION
       ${contentTypeDefs}`,
    );
    const mismatches: string[] = [];
    for (const definition of parse(contentTypeDefs).definitions) {
      if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION || definition.name.value === "MarkdownRemark") continue;
      const name = definition.name.value;
      const type = schema.getType(name) as import("graphql").GraphQLObjectType;
      const node = type.getInterfaces().length > 0;
      const expected = Object.values(type.getFields())
        .map((field) => `${field.name}${isNonNullType(field.type) ? "" : "?"}`)
        .concat(node ? ["children", "id", "internal", "parent?"] : [])
        .sort();
      const literal = generatedType(name);
      const generated = literal
        ? [...literal.matchAll(/^ {2}readonly (\w+): (Maybe<)?/gm)].map((match) => `${match[1]}${match[2] ? "?" : ""}`).sort()
        : [];
      if (generated.join() !== expected.join()) mismatches.push(name);
    }
    expect({ mismatches, hint: HINT }).toEqual({ mismatches: [], hint: HINT });
  });
});
