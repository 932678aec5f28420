// The detail page's parts for the server render only: empty in the browser, so their code is not in
// the first-load JavaScript (the page keeps the server's HTML: ./AppDetailView.tsx).
export { AppDetailBody, AppDetailHead } from "./AppDetailParts";
