// OSEP_BUILD_DIR moves the whole build (server, browser assets, compiler cache) elsewhere, so several
// builds can coexist (parallel test runs). Default: build/ and public/build/.
const out = process.env.OSEP_BUILD_DIR;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverBuildPath: out ? `${out}/index.js` : "build/index.js",
  assetsBuildDirectory: out ? `${out}/assets` : "public/build",
  cacheDirectory: out ? `${out}/.cache` : ".cache",
  publicPath: "/build/",
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
