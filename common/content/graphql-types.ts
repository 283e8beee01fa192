/**
 * Every content type, declared rather than inferred (gatsby-node.ts createSchemaCustomization), so a
 * missing field is a typed null or a clear error, never a query that breaks on the next edit. The JSON
 * content types are written from the content description (content-schema.ts), so the GraphQL schema and
 * the content check cannot disagree; only the legal pages' front matter is declared here by hand.
 */
import { CONTENT_FILES, isListFile } from "./content-schema";
import { shapeOf, type Shape } from "./schema-shape";

interface FieldDef {
  type: string;
  directives?: string;
  description?: string;
  /** In how many of the type's variants the field occurs, and in how many it is non-null. */
  present: number;
  nonNull: number;
}

interface TypeDef {
  node: boolean;
  /** The interface the type implements besides Node (meta `implements`). */
  implements?: string;
  /** Objects of one name in several places (e.g. a hero with and without image) are one type. */
  variants: number;
  fields: Map<string, FieldDef>;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

class TypeCollector {
  readonly types = new Map<string, TypeDef>();

  addObject(name: string, shape: Shape, node: boolean): void {
    const def = this.types.get(name) ?? { node, variants: 0, fields: new Map<string, FieldDef>() };
    this.types.set(name, def);
    def.node ||= node;
    def.implements ??= shape.meta.implements;
    def.variants += 1;
    for (const [fieldName, field] of Object.entries(shape.fields ?? {})) {
      const type = this.typeOf(field, name, fieldName);
      const known = def.fields.get(fieldName);
      if (known && known.type !== type)
        throw new Error(`Inhaltsbeschreibung: ${name}.${fieldName} ist einmal ${known.type}, einmal ${type}`);
      const entry = known ?? {
        type,
        directives: field.meta.directives,
        description: field.meta.description,
        present: 0,
        nonNull: 0,
      };
      entry.present += 1;
      if (!field.optional && !field.meta.graphqlNullable) entry.nonNull += 1;
      def.fields.set(fieldName, entry);
    }
  }

  private typeOf(shape: Shape, parent: string, fieldName: string): string {
    if (shape.meta.graphql) return shape.meta.graphql;
    switch (shape.kind) {
      case "string":
        return "String";
      case "number":
        return shape.integer ? "Int" : "Float";
      case "array": {
        if (!shape.items) throw new Error(`Inhaltsbeschreibung: ${parent}.${fieldName} ist eine Liste ohne Eintragstyp`);
        const inner = this.typeOf(shape.items, parent, fieldName);
        return `[${inner}${shape.items.optional ? "" : "!"}]`;
      }
      case "object": {
        const name = shape.meta.type ?? `${parent}${pascal(fieldName)}`;
        this.addObject(name, shape, false);
        return name;
      }
    }
  }

  private printField(fieldName: string, field: FieldDef, nonNull: boolean): string {
    const line = `  ${fieldName}: ${field.type}${nonNull ? "!" : ""}${field.directives ? ` ${field.directives}` : ""}`;
    return field.description ? `  ${JSON.stringify(field.description)}\n${line}` : line;
  }

  private static nonNull(field: FieldDef, def: TypeDef): boolean {
    return field.present === def.variants && field.nonNull === def.variants;
  }

  /** Each interface with the fields all its types have, of the same type; non-null where all are. */
  private printInterfaces(): string[] {
    const members = new Map<string, TypeDef[]>();
    for (const def of this.types.values())
      if (def.implements) members.set(def.implements, [...(members.get(def.implements) ?? []), def]);
    return [...members].map(([name, defs]) => {
      const [first, ...rest] = defs;
      const fields = [...first.fields]
        .filter(([fieldName, field]) => rest.every((def) => def.fields.get(fieldName)?.type === field.type))
        .map(([fieldName, field]) =>
          this.printField(
            fieldName,
            field,
            defs.every((def) => TypeCollector.nonNull(def.fields.get(fieldName)!, def)),
          ),
        );
      return `interface ${name} {\n${fields.join("\n")}\n}`;
    });
  }

  print(): string {
    const types = [...this.types].map(([name, def]) => {
      const faces = [def.node && "Node", def.implements].filter(Boolean).join(" & ");
      const head = def.node
        ? `type ${name} implements ${faces} @dontInfer`
        : faces
          ? `type ${name} implements ${faces}`
          : `type ${name}`;
      const fields = [...def.fields].map(([fieldName, field]) =>
        this.printField(fieldName, field, TypeCollector.nonNull(field, def)),
      );
      return `${head} {\n${fields.join("\n")}\n}`;
    });
    return [...this.printInterfaces(), ...types].join("\n");
  }
}

/** GraphQL SDL of every JSON content type, from the content description. */
export function jsonContentTypeDefs(): string {
  const collector = new TypeCollector();
  for (const entry of CONTENT_FILES)
    collector.addObject(entry.type, shapeOf(isListFile(entry) ? entry.entry : entry.schema), true);
  return collector.print();
}

const legalTypeDefs = `
  type MarkdownRemark implements Node {
    frontmatter: LegalFrontmatter!
  }
  type LegalFrontmatter {
    title: String!
    slug: String!
    description: String!
    "Day of the text's last revision, JJJJ-MM-TT (shown as „Fassung vom …“)"
    revised: String!
    "Privacy texts: fingerprint of the text with site.json's values filled in (checked by the content check)"
    fingerprint: String
  }
`;

export const contentTypeDefs = `${jsonContentTypeDefs()}\n${legalTypeDefs}`;
