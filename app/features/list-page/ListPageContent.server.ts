// The list page's content for the server render only: empty in the browser, so its code is not in
// the first-load JavaScript (the page keeps the server's HTML: ./ListPage.tsx).
export { ListPageContent } from "./ListPageContent";
