// The footer for the server render only: empty in the browser, so its code stays out of the client
// bundle (the root renders it in an Island). Rendered once per product name and year.
import { FooterContent } from "./Footer";
import { cachedMarkup } from "./static-html.server";

const FOOTER = {};

export function footerHtml(productName: string, year: number): string {
  return cachedMarkup(FOOTER, `${productName}\u0000${year}`, () => <FooterContent productName={productName} year={year} />);
}
