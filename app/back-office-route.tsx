// In the front Worker's build (docs/decisions/057), every back-office route's module is this one: the
// route keeps its id and path, so the route table, the browser's manifest and its links are the full
// build's, but none of its code is in the front. The front forwards a request whose route is one of
// these to the back-office Worker before Remix runs (workers/front.ts reads `backOffice`), so the
// loader below is never reached; if it were, it would say so rather than render an empty page.
export const backOffice = true;

export function loader(): never {
  throw new Response("This address is served by the back-office Worker, which the front did not reach.", { status: 502 });
}

export const action = loader;

export default function BackOfficeRoute(): null {
  return null;
}
