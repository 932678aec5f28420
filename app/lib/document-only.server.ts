// Values a loader hands to the server's render of the document without sending them to the browser
// (docs/decisions/023). A list page's cards are HTML in the document, an Island the browser keeps
// (docs/decisions/019); sending the same apps again as loader data made the document larger and
// cost the Worker their serialisation, for a first render that never reads them. A client-side
// navigation asks for `.data`: that answer is all the browser gets, so it carries everything.
export class DocumentOnly {
  readonly #kept = new Map<string, unknown>();

  /** `document`: this request's answer is an HTML document (Remix renders one for any URL without `.data`). */
  constructor(readonly document: boolean) {}

  /** Keeps `value` for the document's render; false when this request renders no document (keep it in the data). */
  keep(key: string, value: unknown): boolean {
    if (!this.document) return false;
    this.#kept.set(key, value);
    return true;
  }

  get kept(): ReadonlyMap<string, unknown> {
    return this.#kept;
  }
}

/** Whether Remix answers this URL with a document: single fetch's data requests end in `.data`. */
export const rendersDocument = (url: URL) => !url.pathname.endsWith(".data");
