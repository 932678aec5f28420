// The side nav for the server render only: empty in the browser (app/components/Island.tsx).
export { SideNavContent } from "./SideNav";
