// Server-rendered HTML the browser keeps as it is (docs/decisions/019): parts of a page that need
// no React state (the footer, the side nav, the home page's rows, a list page, the detail page's
// head and body) are rendered on the server from a `.server` module, so their components are not
// in the client bundle and React does not hydrate them. In the browser the island takes its HTML from the document it was served in; where that
// HTML is not there (a client-side navigation to a page that has the island) it renders `fallback`,
// typically a React.lazy() of the same component, loaded then and not on first load.
//
// Inside an island there is no React: links are plain <a> (a click on one marked data-link is still
// a client-side navigation: see followLink below); dialogs, menus, the search box and carousels get
// their behaviour from delegated listeners (Dialog.tsx, chrome.ts, carousel-controls.ts).
import { useNavigate } from "@remix-run/react";
import { useEffect, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { MountedByNavigation } from "./lazy-hydrated";
import { plainClickedLink } from "./plain-click";

type IslandProps = {
  id: string;
  className?: string;
  as?: "div" | "footer" | "header" | "nav" | "section";
  /** What the server renders (a component imported from a `.server` module: null in the browser). */
  children?: ReactNode;
  /** Or the server's HTML for it, rendered ahead (./static-html.server.ts). */
  html?: string;
  /** Rendered in the browser when the document has no HTML for this island. */
  fallback?: ReactNode;
  /** Attributes of the wrapper element (it is the landmark where `as` is one). */
  attributes?: Record<string, string | number | undefined>;
  /** A click inside the island, before its links' own handling (which skips a prevented click). */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
};

/**
 * True until the first render in the browser has been committed (hydration): only then is the
 * server's HTML in the document the island's own. An island mounted later (a client-side
 * navigation, or a remount after its key changed) renders its fallback.
 */
let hydrating = true;

const serverHtml = (id: string): string | null => (typeof document === "undefined" || !hydrating ? null : (document.getElementById(id)?.innerHTML ?? null));

export function Island({ id, className, as: Tag = "div", children, html: serverRendered, fallback = null, attributes, onClick: ownClick }: IslandProps) {
  const navigate = useNavigate();
  // Read once, on the first render in the browser (hydration): the HTML the server sent.
  const [html] = useState(() => serverHtml(id));
  useEffect(() => {
    hydrating = false;
  }, []);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    ownClick?.(event);
    followLink(event, navigate);
  };
  const onSubmit = (event: FormEvent<HTMLElement>) => submitGetForm(event, navigate);
  if (typeof document === "undefined") {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the Island's own server render (React output, escaped), kept as markup so the browser need not hydrate it
    if (serverRendered !== undefined) return <Tag id={id} className={className} {...attributes} dangerouslySetInnerHTML={{ __html: serverRendered }} />;
    return (
      <Tag id={id} className={className} {...attributes}>
        {children}
      </Tag>
    );
  }
  if (html === null) {
    // Mounted by a navigation (a new address remounts the island): while the fallback's code is on
    // its way the navigation waits, showing the page being left, rather than a page without this
    // part (MountedByNavigation; issue 27: a followed app's page once had no h1).
    return (
      <Tag id={id} className={className} onClick={onClick} onSubmit={onSubmit} {...attributes}>
        <MountedByNavigation>{fallback}</MountedByNavigation>
      </Tag>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup the server rendered into this Island, read back from the document (React output, escaped)
  return <Tag id={id} className={className} onClick={onClick} onSubmit={onSubmit} {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * A plain click on a link marked data-link (one the component would render as Remix's <Link>)
 * navigates client-side, as <Link> does; other links load the document, as they did before.
 */
function followLink(event: MouseEvent<HTMLElement>, navigate: (to: string) => void) {
  const link = plainClickedLink(event, "a[href][data-link]");
  if (!link || !event.currentTarget.contains(link)) return;
  if (link.target && link.target !== "_self") return;
  if (link.hasAttribute("download")) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  // A link to a place on this page (#id) stays the browser's own.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
  event.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}

/**
 * A GET form marked data-link (one the component would render as Remix's <Form>) submits
 * client-side; data-prevent-scroll-reset keeps the scroll position, as <Form preventScrollReset>.
 */
function submitGetForm(event: FormEvent<HTMLElement>, navigate: (to: string, options?: { preventScrollReset?: boolean }) => void) {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-link") || form.method !== "get") return;
  event.preventDefault();
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
  // data-prevent-scroll-reset: as <Form preventScrollReset> (the list page's sort keeps the scroll).
  navigate(`${new URL(form.action, window.location.href).pathname}?${params}`, { preventScrollReset: form.hasAttribute("data-prevent-scroll-reset") });
}
