// isPrivateHost as the image proxy and outgoing webhook deliveries use it (issue 12 item 9): hosts
// given exactly as written (not only as URL prints them), names that stand for loopback or private
// networks by convention, and names that carry such an address inside them.
import { describe, expect, it } from "vitest";
import { isPrivateHost } from "./private-host.server";

describe("isPrivateHost refuses", () => {
  it.each([
    // Single-label hosts: resolved by a local search domain, never a public site.
    ["intranet", "single label"],
    ["printer", "single label"],
    ["com", "single label"],
    ["intranet.", "single label with the root dot"],
    // Names for this machine or the local network, by convention (RFC 6761, 6762, 8375).
    ["localhost", "localhost"],
    ["LocalHost.", "any case, root dot"],
    ["api.localhost", "*.localhost"],
    ["a.b.localhost", "*.localhost"],
    ["printer.local", "*.local (mDNS)"],
    ["metadata.internal", "*.internal"],
    ["metadata.google.internal", "*.internal"],
    ["router.home.arpa", "*.home.arpa"],
    ["nas.lan", "*.lan (RFC 6762 appendix G)"],
    ["wiki.intranet", "*.intranet"],
    ["db.corp", "*.corp"],
    ["tv.home", "*.home"],
    ["files.private", "*.private"],
    // Public DNS names that answer with 127.0.0.1 for every subdomain (well known, by convention).
    ["localtest.me", "loopback DNS"],
    ["app.localtest.me", "loopback DNS"],
    ["lvh.me", "loopback DNS"],
    ["x.lvh.me", "loopback DNS"],
    ["vcap.me", "loopback DNS"],
    ["a.lacolhost.com", "loopback DNS"],
    ["www.localhost.direct", "loopback DNS"],
    // Names with an embedded address (nip.io, sslip.io and anything alike).
    ["127.0.0.1.nip.io", "dotted"],
    ["app.127.0.0.1.nip.io", "dotted, with a prefix"],
    ["127.0.0.1.nip.io.", "dotted, root dot"],
    ["10.0.0.1.sslip.io", "dotted"],
    ["169.254.169.254.nip.io", "the metadata address"],
    ["0.0.0.0.nip.io", "0.0.0.0"],
    ["10-0-0-1.sslip.io", "dashed"],
    ["app-192-168-1-1.nip.io", "dashed, with a prefix"],
    ["www-172-16-0-9.example.com", "dashed, any domain"],
    ["7f000001.nip.io", "hex"],
    ["app-c0a80001.nip.io", "hex, with a prefix"],
    ["0a000001.sslip.io", "hex 10.0.0.1"],
    ["--1.sslip.io", "IPv6 ::1, dashed"],
    ["fe80--1.sslip.io", "IPv6 link-local, dashed"],
    ["fd00-0-0-0-0-0-0-1.sslip.io", "IPv6 ULA, dashed in full"],
    // Address literals in every spelling a URL parser accepts.
    ["127.0.0.1", "loopback"],
    ["0x7f000001", "hex"],
    ["0x7F.0x0.0x0.0x1", "hex per part"],
    ["2130706433", "decimal"],
    ["0177.0.0.1", "octal"],
    ["017700000001", "octal dword"],
    ["127.1", "short form"],
    ["0", "0.0.0.0 in short"],
    ["10.1.2.3", "10/8"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["[::1]", "IPv6 loopback"],
    ["::1", "IPv6 loopback without brackets"],
    ["[0:0:0:0:0:0:0:1]", "IPv6 loopback in full"],
    ["[::]", "IPv6 unspecified"],
    ["[fc00::1]", "IPv6 ULA"],
    ["[fd12:3456::1]", "IPv6 ULA"],
    ["[fe80::1]", "IPv6 link-local"],
    ["[fe80::1%25eth0]", "IPv6 link-local with a zone"],
    ["[::ffff:127.0.0.1]", "IPv4-mapped loopback"],
    ["[::ffff:7f00:1]", "IPv4-mapped loopback, hex"],
    ["::ffff:10.0.0.1", "IPv4-mapped 10/8 without brackets"],
    ["[::ffff:169.254.169.254]", "IPv4-mapped metadata address"],
    ["[64:ff9b::7f00:1]", "NAT64 of loopback"],
    ["", "empty"],
    ["exa mple.com", "not a host"],
  ])("%j (%s)", (host) => {
    expect(isPrivateHost(host)).toBe(true);
  });
});

describe("isPrivateHost lets through", () => {
  it.each([
    "images.example.com",
    "images.example.test",
    "cdn.example.test",
    "Images.Example.COM.",
    "a.b.c.example.co.uk",
    "localhost.example.com",
    "internal.example.com",
    "local.example.com",
    "lan.example.net",
    "8.8.8.8.nip.io",
    "1-2-3-4.example.com",
    "v1.api.example.com",
    "2024-01-15.example.com",
    "deadbeef.example.com",
    "app-10-0-0.example.com",
    "xn--bcher-kva.example",
    "93.184.216.34",
    "[2606:4700:4700::1111]",
    "2606:4700:4700::1111",
    "[::ffff:8.8.8.8]",
  ])("%j", (host) => {
    expect(isPrivateHost(host)).toBe(false);
  });
});
