/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

export {}; // a module, so the block below augments @remix-run/node instead of replacing it

// What server/remix-handler.ts gives every loader, action and render.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The nonce of this render's Content-Security-Policy (absent outside the HTTP server, e.g. in tests). */
    cspNonce?: string;
  }
}
