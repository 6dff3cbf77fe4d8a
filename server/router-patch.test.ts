// patches/@remix-run+router+1.23.3.patch (patches/README.md) must reach the router Remix runs. If a Remix update moves
// the router version, npm installs a second, unpatched copy for Remix beside ours and the app still works, only
// slower: this test notices. It resolves @remix-run/router the way Node does at run time, from the location of each
// package that loads it in the server (Remix's server runtime, Remix's React part, React Router), checks the patch is
// in that exact file, and checks every copy under node_modules is patched.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";

/** A line only the patch adds to dist/router.cjs.js (the server build, the file Node loads: package.json "main"). */
const PATCH_MARKER = "const rankedBranchesCache = new WeakMap();";

/** Chains of packages, each resolved from the location of the one before it, as `require` does at run time. */
const ROUTER_USERS: readonly (readonly string[])[] = [
  ["@remix-run/node", "@remix-run/server-runtime"],
  ["@remix-run/server-runtime"],
  ["@remix-run/react"],
  ["@remix-run/react", "react-router-dom"],
  ["@remix-run/react", "react-router-dom", "react-router"],
  ["@remix-run/react", "react-router"],
  [], // the app's own import (package.json pins 1.23.3)
];

/** The file `require("@remix-run/router")` loads at the end of `chain`, starting from `root`. */
function routerFileFrom(root: string, chain: readonly string[]): string {
  let from = path.join(root, "package.json");
  for (const pkg of chain) from = createRequire(from).resolve(pkg);
  return fs.realpathSync(createRequire(from).resolve("@remix-run/router"));
}

/** Every @remix-run/router package folder under root/node_modules, nested copies included (real paths). */
function routerCopies(root: string): string[] {
  const found = new Set<string>();
  const walk = (nodeModules: string, depth: number): void => {
    if (depth > 8 || !fs.existsSync(nodeModules)) return;
    for (const entry of fs.readdirSync(nodeModules)) {
      if (entry.startsWith(".")) continue;
      const dirs = entry.startsWith("@")
        ? fs.readdirSync(path.join(nodeModules, entry)).map((sub) => path.join(nodeModules, entry, sub))
        : [path.join(nodeModules, entry)];
      for (const dir of dirs) {
        if (dir === path.join(nodeModules, "@remix-run", "router")) found.add(fs.realpathSync(dir));
        walk(path.join(dir, "node_modules"), depth + 1);
      }
    }
  };
  walk(path.join(root, "node_modules"), 0);
  return [...found].sort();
}

const patched = (file: string): boolean => fs.readFileSync(file, "utf8").includes(PATCH_MARKER);

/** The copies of the router that `root`'s server would run without the patch (empty: all is well). */
function unpatchedRouters(root: string, users: readonly (readonly string[])[] = ROUTER_USERS): string[] {
  const loaded = users.map((chain) => routerFileFrom(root, chain));
  const copies = routerCopies(root).map((dir) => path.join(dir, "dist", "router.cjs.js"));
  return [...new Set([...loaded, ...copies])].filter((file) => !patched(file));
}

const ROOT = process.cwd();

describe("the @remix-run/router patch", () => {
  test("the patch file adds the line this test looks for", () => {
    const patch = fs.readFileSync(path.join(ROOT, "patches", "@remix-run+router+1.23.3.patch"), "utf8");
    expect(patch.split("\n")).toContain(`+${PATCH_MARKER}`);
  });

  test.each(ROUTER_USERS.map((chain) => [chain.join(" → ") || "the app", chain] as const))(
    "the router %s loads is the patched copy",
    (_name, chain) => {
      const file = routerFileFrom(ROOT, chain);
      expect(path.basename(file)).toBe("router.cjs.js");
      expect(patched(file), `${file} no tiene el parche de patches/`).toBe(true);
    },
  );

  test("every copy of @remix-run/router under node_modules is patched", () => {
    const copies = routerCopies(ROOT);
    expect(copies.length).toBeGreaterThan(0);
    expect(unpatchedRouters(ROOT)).toEqual([]);
  });

  test("an update that brings Remix its own unpatched router is caught", () => {
    // A scratch node_modules: our pinned, patched router at the top, and Remix's server runtime with a nested copy of
    // another version (as npm lays it out when the versions differ).
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "osep-router-patch-"));
    try {
      const pkg = (dir: string, json: object, files: Record<string, string>) => {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(json));
        for (const [name, text] of Object.entries(files)) {
          fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
          fs.writeFileSync(path.join(dir, name), text);
        }
      };
      const nm = path.join(root, "node_modules");
      fs.writeFileSync(path.join(root, "package.json"), "{}");
      const router = (version: string, text: string) => ({
        json: { name: "@remix-run/router", version, main: "./dist/router.cjs.js" },
        files: { "dist/router.cjs.js": text },
      });
      const ours = router("1.23.3", `"use strict";\n${PATCH_MARKER}\n`);
      const theirs = router("1.23.4", `"use strict";\n`);
      pkg(path.join(nm, "@remix-run", "router"), ours.json, ours.files);
      const runtime = path.join(nm, "@remix-run", "server-runtime");
      pkg(runtime, { name: "@remix-run/server-runtime", main: "index.js" }, { "index.js": "" });
      pkg(path.join(runtime, "node_modules", "@remix-run", "router"), theirs.json, theirs.files);
      const nested = fs.realpathSync(
        path.join(runtime, "node_modules", "@remix-run", "router", "dist", "router.cjs.js"),
      );

      expect(routerFileFrom(root, [])).not.toBe(nested);
      expect(routerFileFrom(root, ["@remix-run/server-runtime"])).toBe(nested);
      expect(routerCopies(root)).toHaveLength(2);
      expect(unpatchedRouters(root, [[], ["@remix-run/server-runtime"]])).toEqual([nested]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
