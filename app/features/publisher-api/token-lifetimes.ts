// How long a publisher API token may live (issue 40 item 2; docs/decisions/025): shared by the token
// forms (browser) and ./tokens.server.ts, so the choices offered are the choices accepted.

/** The lifetimes a person may choose, in days. No "never": a leaked token nobody remembers must stop by itself. */
export const TOKEN_LIFETIMES = [30, 90, 365] as const;
export type TokenLifetime = (typeof TOKEN_LIFETIMES)[number];
/** What a token gets when nobody chooses (a form without the field, e.g. a script's post). */
export const DEFAULT_TOKEN_LIFETIME: TokenLifetime = 90;
