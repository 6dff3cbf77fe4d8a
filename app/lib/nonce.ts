// The CSP nonce of the current server render, for the inline scripts Remix writes (<Scripts>, <ScrollRestoration>).
// Set by app/entry.server.tsx; in the browser it is undefined (the scripts already ran). Browser-safe.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
