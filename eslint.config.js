// One lint for the whole repository: typescript-eslint, React, hooks and jsx-a11y, plus the house's layering rules
// (docs/architecture.md): routes never import db/, browser code never imports *.server modules, and imports use
// the path aliases (tsconfig.json's paths, read by scripts/aliases.mjs) instead of climbing folders with ../
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { pathAliases } from "./scripts/aliases.mjs";

const PARENT_IMPORTS = {
  group: ["../*", "../**"],
  message: `Use a path alias (${pathAliases()
    .map(([prefix]) => prefix)
    .join(", ")}) instead of ../`,
};
/** One zod for the app: ~/lib/zod installs the Spanish error map every schema relies on (ADR 044). */
const ZOD_IMPORT = {
  name: "zod",
  message: "Import z from ~/lib/zod: it carries the app's Spanish error map (ADR 044).",
};
const ZOD_SUBPATHS = { group: ["zod/*"], message: ZOD_IMPORT.message };
const DB_IMPORTS = {
  group: ["~db/*", "~db/**", "**/db/*", "**/db/**"],
  message: "Routes do not touch the database: call a function of app/modules/<area>/ instead.",
};
const SERVER_IMPORTS = {
  group: [
    "**/*.server",
    "**/*.server.*",
    "~db/*",
    "~db/**",
    "~reporting/index",
    "~reporting/store",
    "~reporting/render/*",
  ],
  message: "Browser code cannot import server modules.",
};

/**
 * A route's loader or action does at most 20 lines (counted as max-lines-per-function counts them: no blank lines,
 * no comment-only lines): guard, one call to the screen's adapter (app/modules/<area>/screen.server.ts or
 * screen/*.server.ts), the answer. More work goes in the adapter (docs/CONTRIBUTING.md 'A screen's adapter').
 */
const MAX_HANDLER_LINES = 20;
const HANDLERS = new Set(["loader", "action"]);

const thinHandlers = {
  meta: { type: "suggestion", schema: [] },
  create(context) {
    const sourceCode = context.sourceCode;
    const commentLines = new Set();
    for (const c of sourceCode.getAllComments()) {
      // A line that holds only a comment (its code, if any, is the comment's own).
      for (let l = c.loc.start.line; l <= c.loc.end.line; l++) {
        const text = sourceCode.lines[l - 1];
        const before = text.slice(0, l === c.loc.start.line ? c.loc.start.column : 0).trim();
        const after = text.slice(l === c.loc.end.line ? c.loc.end.column : text.length).trim();
        if (!before && !after) commentLines.add(l);
      }
    }
    const count = (node) => {
      let n = 0;
      for (let l = node.loc.start.line; l <= node.loc.end.line; l++)
        if (sourceCode.lines[l - 1].trim() && !commentLines.has(l)) n++;
      return n;
    };
    const unwrap = (e) =>
      e && ["TSSatisfiesExpression", "TSAsExpression", "TSNonNullExpression"].includes(e.type)
        ? unwrap(e.expression)
        : e;
    const isFunction = (e) => e && ["ArrowFunctionExpression", "FunctionExpression"].includes(e.type);
    // Top-level functions by name, to follow `export { handle as loader }` and `export const action = handle`.
    const locals = new Map();
    const exported = [];
    const check = (name, fn) => {
      const lines = fn && count(fn);
      if (lines > MAX_HANDLER_LINES)
        context.report({
          node: fn,
          message: `The route's ${name} has ${lines} lines (at most ${MAX_HANDLER_LINES}): keep the guard, one call to the screen's adapter (app/modules/<area>/screen.server.ts) and the answer; the work goes in the adapter.`,
        });
    };
    return {
      "Program > FunctionDeclaration, Program > ExportNamedDeclaration > FunctionDeclaration"(node) {
        if (node.id) locals.set(node.id.name, node);
        if (node.id && HANDLERS.has(node.id.name) && node.parent.type === "ExportNamedDeclaration")
          exported.push([node.id.name, node]);
      },
      "Program > VariableDeclaration > VariableDeclarator, Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator"(
        node,
      ) {
        if (node.id.type !== "Identifier") return;
        const init = unwrap(node.init);
        locals.set(node.id.name, isFunction(init) ? init : init?.type === "Identifier" ? init.name : null);
        if (HANDLERS.has(node.id.name) && node.parent.parent.type === "ExportNamedDeclaration")
          exported.push([node.id.name, locals.get(node.id.name)]);
      },
      "Program > ExportNamedDeclaration > ExportSpecifier"(node) {
        if (!node.parent.source && HANDLERS.has(node.exported.name))
          exported.push([node.exported.name, node.local.name]);
      },
      "Program:exit"() {
        for (const [name, fn] of exported) check(name, typeof fn === "string" ? locals.get(fn) : fn);
      },
    };
  },
};

/**
 * A screen echoes its typed values with `typedValues` (app/lib/input.ts), never by hand: `String(raw.x ?? "")
 * .slice(0, n)`, `(raw.x ?? today).trim().slice(0, n)`, `String(params.get("x") ?? "").slice(0, n)`.
 */
const typedEcho = {
  meta: { type: "suggestion", schema: [] },
  create(context) {
    return {
      "CallExpression[callee.property.name='slice'][arguments.0.value=0] > MemberExpression.callee LogicalExpression[operator='??'][left.type=/^(MemberExpression|CallExpression|ChainExpression)$/]"(
        node,
      ) {
        context.report({
          node,
          message: "Echo a typed value with typedValues(raw, { field: length }) of ~/lib/input, not by hand.",
        });
      },
    };
  },
};
/** The house's own rules (docs/CONTRIBUTING.md, ADR 082). */
const HOUSE = { rules: { "thin-handlers": thinHandlers, "typed-echo": typedEcho } };

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      ".cache/**",
      "data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [ZOD_IMPORT], patterns: [PARENT_IMPORTS, ZOD_SUBPATHS] },
      ],
      eqeqeq: ["error", "always", { null: "ignore" }],
      // Operation codes are named: OP.VER_NOTAS, never "14" (db/reference.ts is the registry).
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.name=/^(can|requireOperation|requireApiOperation|requireDownload)$/] > Literal[value=/^[0-9]+$/]",
          message: "Use the operation registry: OP.<NAME> from ~/auth/operations.",
        },
        {
          selector: "CallExpression[callee.property.name='includes'] > Literal[value=/^[0-9]+$/]",
          message: "Use the operation registry: OP.<NAME> from ~/auth/operations.",
        },
      ],
    },
  },
  {
    // Promises are awaited or handled (timers, streams, cron jobs, event handlers): a rejection nobody waits for ends
    // the process. Type-aware, so these two rules read the TypeScript program of tsconfig.json (ADR 084).
    files: ["**/*.{ts,tsx,mts}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    files: ["**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "18" } },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      "react/prop-types": "off",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Route files: loader/action/screen. No database, no parent imports.
    files: ["app/routes/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [ZOD_IMPORT], patterns: [PARENT_IMPORTS, ZOD_SUBPATHS, DB_IMPORTS] },
      ],
    },
  },
  {
    // Browser code: components and the client-side pieces of modules.
    files: ["app/components/**", "app/modules/*/components/**", "app/root.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [ZOD_IMPORT], patterns: [PARENT_IMPORTS, ZOD_SUBPATHS, SERVER_IMPORTS] },
      ],
    },
  },
  {
    // Size limits (docs/CONTRIBUTING.md): a function, components included, at most 80 lines; counted without blank
    // lines and comments. Production code only: a test's describe block may be long.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "reporting/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A route file at most 250 lines, its loader and action at most 20: more than guard → one call → render goes in
    // the area's screen adapter.
    files: ["app/routes/**"],
    plugins: { house: HOUSE },
    rules: {
      "max-lines": ["error", { max: 250, skipBlankLines: true, skipComments: true }],
      "house/thin-handlers": "error",
    },
  },
  {
    // Typed values (a query string's or a posted form's) are echoed through one helper, typedValues.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { house: HOUSE },
    rules: { "house/typed-echo": "error" },
  },
  {
    // The one place that imports zod itself.
    files: ["app/lib/zod.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [PARENT_IMPORTS] }] },
  },
);
