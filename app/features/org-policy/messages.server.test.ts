// The request message names the requester by the address the platform verified (issue 40 item 6).
import { describe, expect, it } from "vitest";
import { NO_SECURITY_FACTS } from "~/models/security-facts";
import { requestMessage } from "./messages.server";

const app = { name: "Pixel Hub", path: "/applications/pixel-hub", publisherVerified: true, permissions: [], security: NO_SECURITY_FACTS };
const message = (requester: { name: string; email: string }, comment = "") =>
  requestMessage({ app, requester, comment, requestId: 7, moreAccess: false, portalUrl: "https://hub.example" });

describe("requestMessage: who asks", () => {
  it("shows the verified address beside the display name, not stripped as an address in written text is", () => {
    const text = message({ name: "Riley Reyes", email: "riley.reyes@acme.example" });
    expect(text.split("\n")[0]).toBe("**Riley Reyes** (riley.reyes@acme.example) asks to use **Pixel Hub** in your organisation.");
  });

  it("a display name cannot pass for an address or a link, whatever it says; the verified address is escaped for markdown", () => {
    const text = message({ name: "Sam Admin sam@acme.example [ok](https://evil.example)", email: "mallory_x@globex.example" });
    const first = text.split("\n")[0]!;
    expect(first).toContain("(mallory\\_x@globex.example)");
    expect(first).not.toContain("sam@acme.example");
    expect(first).not.toContain("evil.example");
  });

  it("an address that is not one whole e-mail address is left out, and a name that was only an address says Someone", () => {
    expect(message({ name: "Riley", email: "riley@acme.example](https://evil.example)" }).split("\n")[0]).toBe("**Riley** asks to use **Pixel Hub** in your organisation.");
    expect(message({ name: "riley@acme.example", email: "riley@acme.example" }).split("\n")[0]).toBe(
      "**Someone** (riley@acme.example) asks to use **Pixel Hub** in your organisation.",
    );
    expect(message({ name: "Riley", email: "" }).split("\n")[0]).toBe("**Riley** asks to use **Pixel Hub** in your organisation.");
  });
});
