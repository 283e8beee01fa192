/**
 * The import rules of the project (`npm run check:imports`, part of `npm run lint`): the floors (docs/architecture.md)
 * and no import cycles. Every import counts, `import type` and a lazy `import()` included: a cycle of types still
 * ties two files together.
 */
module.exports = {
  forbidden: [
    {
      name: "seite-importiert-server",
      comment: "Die Seite importiert den Server nicht: gemeinsame Teile gehören nach common/.",
      severity: "error",
      from: { path: "^(src|gatsby|__tests__)/" },
      to: { path: "^server/" },
    },
    {
      name: "server-importiert-seite",
      comment: "Der Server importiert die Seite nicht: gemeinsame Teile gehören nach common/.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^(src|gatsby)/" },
    },
    {
      name: "common-importiert-seite-oder-server",
      comment: "common/ steht unter Seite und Server und importiert keinen von beiden.",
      severity: "error",
      from: { path: "^common/" },
      to: { path: "^(src|gatsby|server)/" },
    },
    {
      name: "importkreis",
      comment:
        "Zwei Module importieren einander, direkt oder über andere: ein Teil, den beide brauchen, gehört in eine eigene Datei.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|public|\\.cache|releases|data)/|\\.d\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json"] },
  },
};
