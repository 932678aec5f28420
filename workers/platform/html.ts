// The emulator's HTML pages (consent, the platform's own token page, the demo vendors): one look,
// and a strict CSP (no scripts; inline styles only).

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

export const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:34rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 3px #0003}
h1{font-size:1.4rem;margin-top:0}fieldset{border:1px solid #c8ccd2;border-radius:6px;margin:1rem 0}
label{display:block;margin:.25rem 0}input[type=email]{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #1d5fa8;cursor:pointer}
button[value=accept]{background:#1d5fa8;color:#fff}button[value=decline]{background:#fff;color:#1d5fa8}
.error{color:#a4161a;border-left:4px solid #a4161a;padding-left:.75rem}:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
ul.grants{list-style:none;padding:0}ul.grants li{display:flex;justify-content:space-between;align-items:center;gap:1rem;border-bottom:1px solid #e1e4e8;padding:.5rem 0}
button.revoke{background:#fff;color:#a4161a;border-color:#a4161a}a{color:#1d5fa8}.ok{color:#1b6e35;border-left:4px solid #1b6e35;padding-left:.75rem}`;

export function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      // No form-action: Chromium applies it to the redirect that follows the POST, which goes to
      // the application's own origin.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      "X-Frame-Options": "DENY",
    },
  });
}
