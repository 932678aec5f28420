// What the server's render of a document reads beyond the Remix context (entry.server.tsx provides
// it; in the browser every value is empty):
// - the CSP nonce, for inline scripts;
// - values a loader kept for the document's HTML only (app/lib/document-only.server.ts): what an
//   Island already shows as HTML need not travel again as loader data (docs/decisions/023).
import { createContext, useContext } from "react";

export type ServerRender = { nonce: string; kept: ReadonlyMap<string, unknown> };

const ServerRenderContext = createContext<ServerRender>({ nonce: "", kept: new Map() });
export const ServerRenderProvider = ServerRenderContext.Provider;
export const useNonce = () => useContext(ServerRenderContext).nonce;
/** A value the route's loader kept for this document's render (`undefined` in the browser). */
export const useKeptForDocument = <T,>(key: string) => useContext(ServerRenderContext).kept.get(key) as T | undefined;
