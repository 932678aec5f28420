// Which navigation link is the current page, as Remix's NavLink decides it (not `end`, case-
// insensitive): the link's path is the address's path or one of its ancestors.
export function isCurrentPath(to: string, pathname: string): boolean {
  const target = to.toLowerCase().replace(/\/+$/, "");
  const path = pathname.toLowerCase();
  if (target === "") return path === "/";
  return path === target || path.startsWith(`${target}/`);
}
