// The CSRF token every mutating form carries (spec §7; checked by the Worker before Remix runs).
import { useRouteLoaderData } from "@remix-run/react";
import { CSRF_FORM_FIELD } from "~/auth/csrf";
import type { loader as rootLoader } from "~/root";

export function useCsrfToken(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.csrf ?? "";
}

export function CsrfInput() {
  return <input type="hidden" name={CSRF_FORM_FIELD} value={useCsrfToken()} />;
}
