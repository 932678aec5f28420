// The one Cookie-header parser (server, Worker and browser code share it).

/** Every cookie of a Cookie header, by name, values as sent (the first of a repeated name wins). */
export function cookiesOf(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    const name = eq > 0 ? part.slice(0, eq).trim() : "";
    if (name && !out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}
