// Small SVG avatars for the demo users and bots, served at /avatars/<name>.svg.
const AVATARS: Record<string, { initials: string; background: string }> = {
  "ada.svg": { initials: "AA", background: "#5b3fd1" },
  "riley.svg": { initials: "RR", background: "#0a7d52" },
  "sam.svg": { initials: "SO", background: "#b2410e" },
  "bot.svg": { initials: "🤖", background: "#1d5fa8" },
};

export function avatarResponse(name: string): Response | null {
  const avatar = AVATARS[name];
  if (!avatar) return null;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${avatar.initials}"><circle cx="48" cy="48" r="48" fill="${avatar.background}"/><text x="48" y="60" text-anchor="middle" font-family="system-ui, sans-serif" font-size="36" font-weight="600" fill="#fff">${avatar.initials}</text></svg>`;
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
