// Whether a host is one our server must never call: loopback, private, link-local, multicast and
// the IPv6 forms that embed them. Used by the image proxy and by outgoing webhook deliveries.
// `hostname` is as URL parses it (IPs normalised), so numeric tricks (0x7f.1, 2130706433) arrive
// here already in dotted form.

function ipv4Parts(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || a === 10 || a === 127 || a! >= 224 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/** The eight 16-bit groups of an IPv6 address (as URL prints it: lowercase, maybe "::"), or null. */
function ipv6Groups(v6: string): number[] | null {
  let text = v6;
  // A trailing dotted IPv4 (URL prints these in hex, but be safe) becomes two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Parts(dotted[2]!);
    if (!v4) return null;
    text = `${dotted[1]}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.some(Number.isNaN) ? null : groups;
}

const v4FromGroups = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];

function isPrivateIpv6(g: number[]): boolean {
  const [g0, g1, g2, , g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8) || (zeroTo(7) && g7 === 1)) return true; // :: and ::1
  if (zeroTo(5) && g5 === 0xffff) return isPrivateIpv4(v4FromGroups(g6, g7)); // IPv4-mapped
  if (zeroTo(6)) return isPrivateIpv4(v4FromGroups(g6, g7)); // IPv4-compatible (deprecated), e.g. ::7f00:1
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return isPrivateIpv4(v4FromGroups(g6, g7)); // SIIT ::ffff:0:a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b) return isPrivateIpv4(v4FromGroups(g6, g7)); // NAT64 64:ff9b::/96, 64:ff9b:1::/48
  if (g0 === 0x2002) return isPrivateIpv4(v4FromGroups(g1, g2)); // 6to4 embeds the IPv4 in bits 16-47
  if (g0 === 0x2001 && g1 === 0) return isPrivateIpv4(v4FromGroups(g6 ^ 0xffff, g7 ^ 0xffff)); // Teredo client
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0) return true; // link-local, old site-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** True for hosts the proxy must never contact. `hostname` is as URL parses it (IPs normalised). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || /\.(localhost|local|internal|home\.arpa)$/.test(host)) return true;
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  if (host.startsWith("[")) {
    const groups = ipv6Groups(host.slice(1, -1).replace(/%.*$/, ""));
    // An address we cannot read is refused rather than fetched.
    return groups === null || isPrivateIpv6(groups);
  }
  return false;
}
