/**
 * Builds the owner area (src/owner) apart from Gatsby, so that no public page's JavaScript knows of it:
 * esbuild bundles it for the browser with Preact (react → preact/compat, as gatsby-plugin-preact does),
 * minified, split into one chunk per screen, with content-hashed names in public/verwaltung/assets/;
 * its stylesheet goes through Tailwind (src/owner/owner.css, the site's theme and components); the
 * HTML shell public/verwaltung/index.html loads them without any inline script, so the strict CSP holds.
 * Run by `npm run build` after `gatsby build`, and by the server when it builds the site on start.
 *
 * `tsx server/release/owner-build.ts` prints the files and their gzip sizes.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/postcss";
import { build, type Metafile, type Plugin } from "esbuild";
import postcss from "postcss";
import { OWNER_ASSETS_DIR, OWNER_ASSETS_URL, OWNER_DIR, OWNER_SHELL } from "../static/owner-files";

const ENTRY = "src/owner/main.tsx";

/** Runs the owner stylesheet through Tailwind before esbuild bundles it (with the fonts it imports). */
function tailwind(projectDir: string): Plugin {
  return {
    name: "tailwind",
    setup(builder) {
      builder.onLoad({ filter: /[\\/]src[\\/]owner[\\/]owner\.css$/ }, async (args) => {
        const result = await postcss([tailwindcss({ base: projectDir })]).process(await readFile(args.path, "utf8"), {
          from: args.path,
        });
        const watchFiles = result.messages.flatMap((message) =>
          message.type === "dependency" && typeof message.file === "string" ? [message.file] : [],
        );
        return { contents: result.css, loader: "css", resolveDir: path.dirname(args.path), watchFiles };
      });
    },
  };
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** The page every /verwaltung path answers with: no inline script, so `script-src 'self'` suffices. */
export function ownerShell(files: { script: string; stylesheet?: string; preload: string[] }): string {
  const url = (file: string) => escapeAttribute(OWNER_ASSETS_URL + file);
  return [
    "<!DOCTYPE html>",
    '<html lang="de">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Verwaltung | Urkraft</title>",
    '<meta name="robots" content="noindex, nofollow">',
    ...(files.stylesheet ? [`<link rel="stylesheet" href="${url(files.stylesheet)}">`] : []),
    ...files.preload.map((file) => `<link rel="modulepreload" href="${url(file)}">`),
    `<script type="module" src="${url(files.script)}"></script>`,
    "</head>",
    "<body>",
    '<div id="verwaltung"></div>',
    '<noscript><p style="padding:1rem">Die Verwaltung braucht JavaScript. Bitte schalte es für diese Seite ein.</p></noscript>',
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** The entry's output files: its script, its stylesheet and the chunks it imports right away. */
function entryFiles(metafile: Metafile, assetsDir: string) {
  const relative = (output: string) => path.relative(assetsDir, path.resolve(output)).split(path.sep).join("/");
  const [output, meta] = Object.entries(metafile.outputs).find(([, value]) => value.entryPoint === ENTRY) ?? [];
  if (!output || !meta) throw new Error(`esbuild hat für ${ENTRY} keine Ausgabe geschrieben.`);
  return {
    script: relative(output),
    stylesheet: meta.cssBundle ? relative(meta.cssBundle) : undefined,
    preload: meta.imports.filter((item) => item.kind === "import-statement" && !item.external).map((item) => relative(item.path)),
  };
}

export interface OwnerBuild {
  /** Paths inside public/ with their sizes, for the log and the audit. */
  files: { file: string; bytes: number; gzipBytes: number }[];
}

export async function buildOwnerArea(projectDir: string, publicDir: string): Promise<OwnerBuild> {
  const ownerDir = path.join(publicDir, OWNER_DIR);
  const assetsDir = path.join(publicDir, ...OWNER_ASSETS_DIR.split("/"));
  // Old bundles go: the folder holds exactly one build.
  await rm(ownerDir, { recursive: true, force: true });
  await mkdir(assetsDir, { recursive: true });
  const result = await build({
    absWorkingDir: projectDir,
    entryPoints: [ENTRY],
    outdir: assetsDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["chrome109", "edge109", "firefox115", "safari15.6"],
    minify: true,
    entryNames: "[name]-[hash]",
    chunkNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    jsx: "automatic",
    jsxImportSource: "preact",
    // linkify-it: the Markdown reader never links bare addresses; a stand-in keeps it out of the bundle.
    alias: { react: "preact/compat", "react-dom": "preact/compat", "linkify-it": "./scripts/owner-linkify-stub.ts" },
    define: { "process.env.NODE_ENV": '"production"' },
    loader: { ".woff2": "file", ".woff": "file" },
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
    plugins: [tailwind(projectDir)],
  });
  await writeFile(path.join(publicDir, ...OWNER_SHELL.split("/")), ownerShell(entryFiles(result.metafile, assetsDir)));

  const files: OwnerBuild["files"] = [];
  for (const output of [...Object.keys(result.metafile.outputs), path.join(publicDir, OWNER_SHELL)]) {
    const body = await readFile(path.resolve(projectDir, output));
    const file = path.relative(publicDir, path.resolve(projectDir, output)).split(path.sep).join("/");
    files.push({ file, bytes: body.length, gzipBytes: gzipSync(body, { level: 6 }).length });
  }
  return { files };
}

if (require.main === module) {
  const projectDir = path.resolve(__dirname, "..", "..");
  buildOwnerArea(projectDir, path.join(projectDir, "public")).then(
    ({ files }) => {
      const shown = files.filter((f) => !/\.woff2?$/.test(f.file));
      for (const f of shown)
        console.log(`${f.file.padEnd(48)} ${String(f.bytes).padStart(7)} B  ${String(f.gzipBytes).padStart(6)} B gzip`);
      console.log(`Verwaltung gebaut: ${files.length} Dateien in public/${OWNER_DIR}/`);
    },
    (error: Error) => {
      console.error(`Verwaltung konnte nicht gebaut werden: ${error.message}`);
      process.exit(1);
    },
  );
}
