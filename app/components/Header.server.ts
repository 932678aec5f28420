// The header for the server render only: empty in the browser (app/components/Island.tsx).
export { HeaderContent } from "./Header";
