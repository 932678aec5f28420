// Whether a host is one our server must never call: loopback, private, link-local, multicast and
// the IPv6 forms that embed them, and names that point there by convention. Used by the image proxy
// and by outgoing webhook deliveries (docs/decisions/013).
//
// We cannot resolve DNS before a fetch in a Worker, so names are judged by what they say: a single
// label (completed by a local search domain), the special-use and private-use suffixes, well-known
// public names that answer 127.0.0.1 for everything, and names that carry an address inside them
// (127.0.0.1.nip.io, 10-0-0-1.sslip.io, app-c0a80001.nip.io, --1.sslip.io). Any spelling of an
// address literal counts (0x7f000001, 2130706433, 0177.0.0.1, ::1 with or without brackets): the
// host is first normalised the way a URL parser does.

function ipv4Parts(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a! >= 224 ||
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

/** Suffixes of names that mean this machine or a local network (RFC 6761, 6762 appendix G, 8375). */
const LOCAL_SUFFIXES = ["localhost", "local", "internal", "home.arpa", "lan", "intranet", "corp", "home", "private"];
/** Public names whose every subdomain resolves to 127.0.0.1 (developer conveniences, by convention). */
const LOOPBACK_DOMAINS = ["localtest.me", "lvh.me", "vcap.me", "lacolhost.com", "localhost.direct"];

const under = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/** 10/8, 127/8, 0/8, 169.254/16, 172.16/12, 192.168/16, 100.64/10: what an embedded address may not name. */
const isLocalIpv4 = ([a, b]: number[]) =>
  a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168) || (a === 100 && b! >= 64 && b! <= 127);

/** Four consecutive decimal octets anywhere in `tokens` that make a local address. */
function hasLocalQuad(tokens: string[]): boolean {
  for (let i = 0; i + 4 <= tokens.length; i++) {
    const quad = tokens.slice(i, i + 4);
    if (quad.every((t) => /^\d{1,3}$/.test(t) && Number(t) <= 255) && isLocalIpv4(quad.map(Number))) return true;
  }
  return false;
}

/** An address inside a name: dotted (127.0.0.1.nip.io), dashed (10-0-0-1.sslip.io), hex (7f000001.nip.io) or IPv6 dashed (--1.sslip.io). */
function embedsLocalAddress(host: string): boolean {
  const labels = host.split(".");
  if (hasLocalQuad(labels)) return true;
  for (const label of labels) {
    const tokens = label.split("-");
    if (hasLocalQuad(tokens)) return true;
    for (const t of tokens) {
      if (/^[0-9a-f]{8}$/.test(t)) {
        const n = parseInt(t, 16);
        if (isLocalIpv4([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255])) return true;
      }
    }
    // sslip.io writes IPv6 with dashes for colons: "--1" is ::1, "fe80--1" is fe80::1.
    if (/^[0-9a-f-]+$/.test(label) && (label.includes("--") || label.split("-").length === 8)) {
      const groups = ipv6Groups(label.replace(/-/g, ":"));
      if (groups && isPrivateIpv6(groups)) return true;
    }
  }
  return false;
}

/**
 * The host as a URL parser normalises it (lower case, IDNA, every IPv4 spelling in dotted form,
 * IPv6 compressed in brackets), or null when it is not a valid host at all.
 */
function normalise(hostname: string): string | null {
  let host = hostname.trim();
  if (host.includes(":") && !host.startsWith("[")) host = `[${host}]`;
  // A zone id (fe80::1%eth0) is ours to drop: it only names the local interface.
  host = host.replace(/^(\[[^\]%]*)%(?:25)?[^\]]*\]$/, "$1]");
  try {
    const url = new URL(`http://${host}/`);
    return url.hostname === "" || url.port || url.pathname !== "/" ? null : url.hostname;
  } catch {
    return null;
  }
}

/** True for hosts the proxy must never contact. Takes a host as written or as URL parsed it. */
export function isPrivateHost(hostname: string): boolean {
  const normalised = normalise(hostname);
  // A host we cannot read is refused rather than fetched.
  if (normalised === null) return true;
  const host = normalised.replace(/\.+$/, "");
  if (host.startsWith("[")) {
    const groups = ipv6Groups(host.slice(1, -1));
    return groups === null || isPrivateIpv6(groups);
  }
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  // A single label is completed by the local resolver's search domain: an internal host.
  if (!host.includes(".")) return true;
  if (LOCAL_SUFFIXES.some((s) => under(host, s)) || LOOPBACK_DOMAINS.some((d) => under(host, d))) return true;
  return embedsLocalAddress(host);
}
