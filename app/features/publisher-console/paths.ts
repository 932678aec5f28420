// The publisher console's addresses (issue 30), shared by the server, the pages and the account menu.

export const CONSOLE_ROOT = "/publisher";

/** /publisher/{slug}, or one of its pages (/publisher/{slug}/submissions, ...). */
export const consolePath = (slug: string, ...rest: string[]): string => [CONSOLE_ROOT, encodeURIComponent(slug), ...rest.map(encodeURIComponent)].join("/");
