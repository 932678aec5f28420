// The home rows for the server render only: empty in the browser (app/components/Island.tsx).
export { HomeRows } from "./HomeRows";
