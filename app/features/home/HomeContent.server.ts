// The home page's content for the server render only: empty in the browser (app/components/Island.tsx).
export { HomeContent } from "./HomeContent";
