/**
 * What `npm run schemas` writes: one JSON Schema per content file, the editor setting that ties each file
 * to its schema, and the "$schema" line in each object file. The test compares the tree with this.
 */
import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { CONTENT_FILES, isListFile } from "../../common/content/content-schema";
import { contentJsonSchemas, editorSchemaSettings, schemaReference } from "../../common/content/json-schemas";

export const ROOT = path.resolve(__dirname, "..", "..");
export const SCHEMA_DIR = "content/schemas";
export const SETTINGS_FILE = ".vscode/settings.json";

async function formatted(file: string, text: string): Promise<string> {
  const options = (await prettier.resolveConfig(path.join(ROOT, file))) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

const read = (file: string): string | undefined =>
  fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), "utf8") : undefined;

/** The object file's text with "$schema" as its first key; the rest of the text stays as the editor wrote it. */
export function withSchemaKey(text: string, reference: string): string {
  const line = `"$schema": ${JSON.stringify(reference)}`;
  if (/"\$schema"\s*:\s*"[^"]*"/.test(text)) return text.replace(/"\$schema"\s*:\s*"[^"]*"/, line);
  return text.replace(/^\s*\{/, (open) => `${open}\n  ${line},`);
}

/** Path (relative to the project root) → the content it must have. */
export async function expectedFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [file, schema] of contentJsonSchemas())
    files.set(`content/${file}`, await formatted(`content/${file}`, JSON.stringify(schema)));

  const settings = JSON.parse(read(SETTINGS_FILE) ?? "{}") as Record<string, unknown>;
  settings["json.schemas"] = editorSchemaSettings();
  files.set(SETTINGS_FILE, await formatted(SETTINGS_FILE, JSON.stringify(settings)));

  for (const entry of CONTENT_FILES) {
    if (isListFile(entry)) continue;
    const file = `content/${entry.file}`;
    const text = read(file);
    if (text !== undefined) files.set(file, await formatted(file, withSchemaKey(text, schemaReference(entry.file))));
  }
  return files;
}

/** Schema files no content file needs any more. */
export function staleSchemaFiles(expected: Map<string, string>): string[] {
  const dir = path.join(ROOT, SCHEMA_DIR);
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => `${SCHEMA_DIR}/${name.split(path.sep).join("/")}`)
    .filter((file) => file.endsWith(".json") && !expected.has(file));
}
