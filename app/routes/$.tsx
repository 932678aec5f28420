// Any path no other route claims is not found (spec §2.1 NOT_FOUND, status 404).
import { data } from "@remix-run/cloudflare";

export const loader = () => {
  throw data(null, { status: 404 });
};

export default function NotFound() {
  return null; // the root error boundary renders the not-found page
}
