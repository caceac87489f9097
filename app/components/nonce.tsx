import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server and given to <Scripts nonce>. */
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
