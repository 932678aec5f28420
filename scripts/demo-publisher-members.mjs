// The demo world's publisher members (issue 30; docs/decisions/037), shared by the local seed
// (scripts/seed-local.mjs) and the e2e specs: which generated publishers the demo people act for.
// Riley belongs to two publishers (to switch between), Max to a third; the people are those of
// workers/platform/demo-data.ts. Deterministic for a catalogue file: the publishers with the most
// listed apps, the hub's own (Lumen) left out.

/** @param {{ apps: { publisher?: string | null; companyName: string; status: string; deprecation?: unknown }[] }} catalogue */
export function demoPublisherSlugs(catalogue) {
  const counts = new Map();
  for (const a of catalogue.apps) {
    if (!a.publisher || a.companyName === "Lumen" || a.status !== "published" || a.deprecation) continue;
    counts.set(a.publisher, (counts.get(a.publisher) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([slug]) => slug);
}

/** [publisher slug, e-mail] pairs: active members, linked as a hub admin would. */
export function demoPublisherMembers(catalogue) {
  const [first, second, third] = demoPublisherSlugs(catalogue);
  return [
    [first, "riley@acme.example"],
    [second, "riley@acme.example"],
    [third, "max@globex.example"],
  ];
}
