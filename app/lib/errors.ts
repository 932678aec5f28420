// Error pages and the spec §8 mapping from failures to them.
export type ErrorPageInfo = { status: 404 | 500 | 504; title: string; message: string };

export const ERROR_PAGES: Record<404 | 500 | 504, ErrorPageInfo> = {
  404: {
    status: 404,
    title: "Page not found",
    message: "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.",
  },
  500: {
    status: 500,
    title: "Internal server error",
    message: "Something went wrong on our side. Please try again in a few minutes.",
  },
  504: {
    status: 504,
    title: "Time-out",
    message: "The page took too long to load. Please try again in a few minutes.",
  },
};

/**
 * Spec §8: timeout exceeded leads to time-out (504); status or message 404 or 'No results found'
 * leads to not-found (404); anything else, and status 429, leads to internal-server (500).
 */
export function errorPageFor(status: number | undefined, message?: string, timedOut = false): ErrorPageInfo {
  if (timedOut || status === 504) return ERROR_PAGES[504];
  if (status === 404 || message === "404" || message === "No results found") return ERROR_PAGES[404];
  return ERROR_PAGES[500];
}

export const MESSAGES = {
  listLoadFailed: "An error occurred loading items. Please try again later.",
  noItems: "There are no items to display",
  noContent: "No content was found",
} as const;
