import js from "@eslint/js";
import tseslint from "typescript-eslint";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "releases/",
      "public/",
      ".cache/",
      "reports/",
      "data/",
      "coverage/",
      "test-results/",
      "src/gatsby-types.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    plugins: { react, "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
      "react/react-in-jsx-scope": "off",
      "react/prop-types": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  // One direction between site and server: both build on common/, neither imports the other. gatsby/ holds the
  // site's build-time helpers and belongs to the site.
  {
    files: ["src/**/*.{ts,tsx}", "gatsby/**/*.{ts,tsx}", "__tests__/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+server(/|$)",
              message: "Die Seite importiert den Server nicht: gemeinsame Teile gehören nach common/.",
            },
          ],
        },
      ],
    },
  },
  // The owner API's schemas (requests and answers) are TypeBox code for the server; the screens take only their types.
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/common/owner/schemas",
                "**/common/owner/responses",
                "**/common/owner/experiments",
                "typebox",
                "typebox/*",
              ],
              allowTypeImports: true,
              message: "Die Verwaltung nimmt aus den Schemas nur Typen (import type): TypeBox gehört nicht in den Browser.",
            },
          ],
        },
      ],
    },
  },
  // The table of owner routes the screens import holds names only, the schemas' types with `import type`.
  {
    files: ["common/owner/api.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["./schemas", "./responses", "./experiments", "typebox", "typebox/*"],
              allowTypeImports: true,
              message: "Die Tabelle der Verwaltungs-Routen lädt der Browser: aus den Schemas nur Typen (import type).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(src|gatsby)(/|$)",
              message: "Der Server importiert die Seite nicht: gemeinsame Teile gehören nach common/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["common/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(src|gatsby|server)(/|$)",
              message: "common/ steht unter Seite und Server und importiert keinen von beiden.",
            },
          ],
        },
      ],
    },
  },
);
