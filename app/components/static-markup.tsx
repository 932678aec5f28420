// Markup rendered once and kept in the isolate's memory (./static-html.server.ts) is rendered outside
// Remix: there is no router to resolve a <Link> or run a fetcher. A component shared between such
// markup and React pages asks useStaticMarkup() and renders plain elements there; the page keeps
// that markup as an Island (./Island.tsx), whose delegated listeners make its data-link anchors and
// GET forms client-side navigations, as a <Link> or <Form> would.
import { Link, type LinkProps } from "@remix-run/react";
import { createContext, useContext } from "react";

const StaticMarkupContext = createContext(false);

/** Wraps what ./static-html.server.ts renders (true), so the components inside render plain markup. */
export const StaticMarkup = StaticMarkupContext.Provider;

export const useStaticMarkup = () => useContext(StaticMarkupContext);

/**
 * A link to a page of this site: Remix's <Link> in React, in static markup a plain anchor with the
 * HTML a <Link> renders on the server (data-discover: ./island-link.ts). Pass data-link="" for a
 * client-side navigation inside an Island.
 */
export function SiteLink({ to, prefetch, preventScrollReset, ...rest }: Omit<LinkProps, "to"> & { to: string }) {
  if (useStaticMarkup()) return <a {...rest} data-discover="true" href={to} />;
  return <Link to={to} prefetch={prefetch} preventScrollReset={preventScrollReset} {...rest} />;
}
