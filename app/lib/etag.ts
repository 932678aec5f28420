// The strong ETag of an answer's body (issue 16, workers/conditional-get.ts): the first 128 bits of
// its SHA-256, in hex, quoted. One function, so an answer tagged where it is made (a typeahead
// answer kept per catalogue version: app/features/search/suggest-answer.server.ts) carries the tag
// the Worker would have given it.
export async function strongEtag(body: BufferSource | string): Promise<string> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `"${Array.from(digest.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("")}"`;
}
