// The footer for the server render only: in the browser this module is empty, so the footer's code
// stays out of the client bundle (the root renders it in an Island).
export { FooterContent } from "./Footer";
