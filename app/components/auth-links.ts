// Log in / log out addresses that bring the user back to where they were ('last', spec §2.1, §2.4).
import { useLocation } from "@remix-run/react";

export function useCurrentAddress(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}

export const loginHref = (last: string) => `/auth?last=${encodeURIComponent(last)}`;
/** Where a login-only route sends logged-out visitors: the login page, with the way back. */
export const loginPath = (last: string) => `/login?last=${encodeURIComponent(last)}`;
export const logoutHref = (last: string) => `/logout?last=${encodeURIComponent(last)}`;
export const MY_INTEGRATIONS_PATH = "/my-integrations";

/** Id of the header's hidden "Opens in a new tab" text, for aria-describedby on Sign up links. */
export const NEW_TAB_HINT_ID = "new-tab-hint";
