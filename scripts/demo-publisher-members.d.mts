// Types of ./demo-publisher-members.mjs (plain JavaScript, so the seed runs on any Node).
type CatalogueLike = { apps: { publisher?: string | null; companyName: string; status: string; deprecation?: unknown }[] };
export function demoPublisherSlugs(catalogue: CatalogueLike): string[];
export function demoPublisherMembers(catalogue: CatalogueLike): [string, string][];
