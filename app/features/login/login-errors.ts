// Why a login did not complete, as /login?error= shows it.
export const LOGIN_ERRORS = {
  denied: "You cancelled logging in. Log in again whenever you're ready.",
  state: "Your log in took too long or was started in another tab. Please try again.",
  failed: "We couldn't complete your log in. Please try again.",
  unavailable: "We can't reach the sign-in service right now. Please try again in a few minutes.",
} as const;
export type LoginError = keyof typeof LOGIN_ERRORS;

export const loginErrorPath = (reason: LoginError, last: string) => `/login?error=${reason}&last=${encodeURIComponent(last)}`;

export function loginErrorMessage(value: string | null): string | null {
  return value && Object.hasOwn(LOGIN_ERRORS, value) ? LOGIN_ERRORS[value as LoginError] : null;
}
