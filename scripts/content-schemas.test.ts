/** The editors' JSON Schemas are current, cover every content file and refuse what the content check refuses. */
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Ajv from "ajv";
import { expectedFiles, ROOT, SCHEMA_DIR, SETTINGS_FILE, staleSchemaFiles } from "./content-schemas/expected-files";
import { CONTENT_FILES } from "../common/content/content-schema";
import { contentJsonSchemas, schemaPath } from "../common/content/json-schemas";
import { contentProblems } from "../common/content/read-content";
import { fieldKindOf } from "../common/content/field-kinds";
import { ROUTES } from "../common/routes";

const CONTENT_DIR = path.join(ROOT, "content");
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, file), "utf8"));

test("every generated file is as `npm run schemas` writes it", async () => {
  const expected = await expectedFiles();
  const outdated = [...expected]
    .filter(
      ([file, content]) => !fs.existsSync(path.join(ROOT, file)) || fs.readFileSync(path.join(ROOT, file), "utf8") !== content,
    )
    .map(([file]) => file);
  assert.deepEqual(outdated, [], "veraltet – `npm run schemas` ausführen");
  assert.deepEqual(staleSchemaFiles(expected), [], "Schema ohne Inhaltsdatei – `npm run schemas` ausführen");
});

test("every JSON file under content/ has a schema, tied to it in the editor settings", () => {
  const jsonFiles = (fs.readdirSync(CONTENT_DIR, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join("/"))
    .filter((name) => name.endsWith(".json") && !`content/${name}`.startsWith(`${SCHEMA_DIR}/`));
  const described = new Set(CONTENT_FILES.map((entry) => entry.file));
  assert.deepEqual(
    jsonFiles.filter((file) => !described.has(file)),
    [],
    "Inhaltsdatei ohne Eintrag in common/content/content-schema.ts",
  );
  const settings = JSON.parse(fs.readFileSync(path.join(ROOT, SETTINGS_FILE), "utf8")) as {
    "json.schemas": { fileMatch: string[]; url: string }[];
  };
  for (const file of jsonFiles) {
    const mapping = settings["json.schemas"].find((entry) => entry.fileMatch.includes(`content/${file}`));
    assert.equal(mapping?.url, `./content/${schemaPath(file)}`, `content/${file}`);
    assert.ok(fs.existsSync(path.join(CONTENT_DIR, schemaPath(file))), `content/${schemaPath(file)} fehlt`);
  }
});

test("every field has a German title for the editor", () => {
  const untitled: string[] = [];
  const visit = (schema: Record<string, unknown>, at: string) => {
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [name, property] of Object.entries(properties)) {
      if (typeof property.title !== "string") untitled.push(`${at}.${name}`);
      visit(property, `${at}.${name}`);
      if (property.items) visit(property.items as Record<string, unknown>, `${at}.${name}[]`);
    }
    if (schema.items) visit(schema.items as Record<string, unknown>, `${at}[]`);
  };
  for (const [file, schema] of contentJsonSchemas()) visit(schema, file);
  assert.deepEqual(untitled, [], "Titel in common/content/field-titles.ts oder .meta({ title }) ergänzen");
});

test("the fields of the picture and the page-path kind are the ones whose check asks for a picture or a page", () => {
  const kinds: Record<string, string[]> = {};
  const visit = (schema: Record<string, unknown>, at: string) => {
    const kind = fieldKindOf(schema);
    if (kind) (kinds[kind] ??= []).push(at);
    const pattern = typeof schema.pattern === "string" ? new RegExp(schema.pattern) : undefined;
    const isPicture = !!pattern && pattern.test("images/bild.jpg") && !pattern.test("images/bild.txt");
    const isPage = Array.isArray(schema.enum) && schema.enum.includes(ROUTES.home.path);
    assert.equal(kind === "picture", isPicture, `${at}: picture`);
    assert.equal(kind === "site-path", isPage, `${at}: site-path`);
    for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>))
      visit(child, `${at}.${name}`);
    if (schema.items) visit(schema.items as Record<string, unknown>, `${at}[]`);
  };
  for (const [file, schema] of contentJsonSchemas()) visit(schema, file);
  assert.ok((kinds.picture?.length ?? 0) >= 6 && (kinds["site-path"]?.length ?? 0) >= 5, JSON.stringify(kinds));
});

test("the committed content passes its JSON Schema, and a broken entry fails both the schema and the check", () => {
  const ajv = new Ajv({ allErrors: true });
  for (const [file, schema] of contentJsonSchemas()) {
    const contentFile = file.replace(/^schemas\//, "").replace(/\.schema\.json$/, ".json");
    const validate = ajv.compile(schema);
    assert.ok(validate(readJson(contentFile)), `content/${contentFile}: ${ajv.errorsText(validate.errors)}`);
  }

  const testimonials = readJson("testimonials.json") as Record<string, unknown>[];
  const broken = testimonials.map((entry, index) => (index === 2 ? { ...entry, rating: 6 } : entry));
  assert.equal(ajv.validate(contentJsonSchemas().get("schemas/testimonials.schema.json")!, broken), false);
  assert.match(ajv.errorsText(), /rating/);

  const home = readJson("pages/home.json") as Record<string, unknown>;
  const { hero: _hero, ...withoutHero } = home;
  assert.equal(ajv.validate(contentJsonSchemas().get("schemas/pages/home.schema.json")!, withoutHero), false);
  assert.match(ajv.errorsText(), /hero/);
  assert.equal(ajv.validate(contentJsonSchemas().get("schemas/pages/home.schema.json")!, { ...home, heroTypo: "x" }), false);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-content-"));
  fs.cpSync(CONTENT_DIR, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "testimonials.json"), JSON.stringify(broken));
  fs.writeFileSync(path.join(dir, "pages/home.json"), JSON.stringify(withoutHero));
  const problems = contentProblems(dir);
  assert.ok(
    problems.some((problem) => problem.startsWith("content/testimonials.json, Eintrag 3")),
    problems.join("\n"),
  );
  assert.ok(problems.includes("content/pages/home.json, Feld „hero“: fehlt"), problems.join("\n"));
  fs.rmSync(dir, { recursive: true });
});

test("the content check accepts the $schema key only with the right path", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-content-"));
  fs.cpSync(CONTENT_DIR, dir, { recursive: true });
  assert.equal((readJson("pages/home.json") as { $schema?: string }).$schema, "../schemas/pages/home.schema.json");
  assert.deepEqual(
    contentProblems(dir).filter((problem) => problem.includes("$schema")),
    [],
  );
  const home = readJson("pages/home.json") as Record<string, unknown>;
  fs.writeFileSync(path.join(dir, "pages/home.json"), JSON.stringify({ ...home, $schema: "schemas/home.json" }));
  assert.ok(
    contentProblems(dir).includes(
      "content/pages/home.json, Feld „$schema“: muss „../schemas/pages/home.schema.json“ sein (oder fehlen)",
    ),
  );
  fs.rmSync(dir, { recursive: true });
});
