import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "./loopback";

describe("isLoopbackHost", () => {
  it.each(["127.0.0.1", "127.1.2.3", "localhost", "[::1]"])("%s is loopback", (host) => expect(isLoopbackHost(host)).toBe(true));
  it.each(["apphub.lumen.example", "127.0.0.1.nip.io", "localhost.evil.example", "app-hub.workers.dev", "10.0.0.1", "[::2]", "0.0.0.0"])("%s is not", (host) =>
    expect(isLoopbackHost(host)).toBe(false),
  );
});
