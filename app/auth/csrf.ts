// The form field that carries the CSRF token (shared by the server check and the form input).
export const CSRF_FORM_FIELD = "csrf";
