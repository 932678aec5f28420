// The CSP nonce of the current render, for inline scripts (empty in the browser, where it is unused).
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
