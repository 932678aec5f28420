// The hosts local development serves (`npm run dev`, the tests): loopback names only. The Worker
// refuses the relaxed development config on any other host (docs/decisions/015).
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}
