// With JavaScript, Close posts the same form in the background and the banner or modal hides in
// place. A plain fetch rather than a Remix fetcher: a fetcher's action makes Remix revalidate every
// loader on the page, which re-runs the home page's queries for nothing and, on a not-found page,
// asks for the 404 again. The action answers JSON when `enhanced` is set (no redirect to follow).
export function postPreference(form: HTMLFormElement): void {
  // URL-encoded, exactly what the same form posts without JavaScript.
  const body = new URLSearchParams();
  new FormData(form).forEach((value, key) => {
    if (typeof value === "string") body.append(key, value);
  });
  body.set("enhanced", "true");
  // keepalive: the post still lands if the person navigates away at once. A failure only means the
  // closing is not remembered: it shows again on the next visit, which is harmless.
  fetch(form.action, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
}
