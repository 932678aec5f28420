import { describe, expect, it } from "vitest";
import { closeBannerAction, closeBannerForm, closeModalAction, closeModalForm, preferenceCookie } from "./preferences.server";
import { toBanner, toModals } from "./overlays.server";

const T0 = "2025-03-10T09:00:00.000Z";
const entry = {
  publishDetails: { time: "2025-03-10T10:00:00+01:00", version: 3 },
  isClosable: true,
  markdownDesktop: "**Desktop** [link](https://example.com)",
  markdownMobile: "Mobile <script>alert(1)</script>",
};
const modal = (id: string, time = T0) => ({
  modal_id: id,
  metrics_id: `m-${id}`,
  title: `T ${id}`,
  modal_content: "Body *text*",
  modal_note: "",
  modal_button_text: "OK",
  publish_details: [{ time }],
});

describe("toBanner", () => {
  it("renders both texts to safe HTML and normalises the publish time", () => {
    const b = toBanner(entry, new Map())!;
    expect(b.version).toBe("3");
    expect(b.time).toBe(T0);
    expect(b.closable).toBe(true);
    expect(b.desktopHtml).toContain("<strong>Desktop</strong>");
    expect(b.mobileHtml).not.toContain("<script>");
  });

  it("is null when hidden by the cookie, or when there is no entry or publish time", () => {
    expect(toBanner(entry, new Map([["hd_an_bnr_dp", T0]]))).toBeNull();
    expect(toBanner(null, new Map())).toBeNull();
    expect(toBanner({ ...entry, publishDetails: undefined }, new Map())).toBeNull();
  });
});

describe("toModals", () => {
  it("keeps the visible modals in order, with an empty note left out", () => {
    const shown = toModals([modal("a"), modal("b")], new Map([["hd_modal_a", T0]]));
    expect(shown.map((m) => m.id)).toEqual(["b"]);
    expect(shown[0]).toMatchObject({ metricsId: "m-b", time: T0, noteHtml: "", buttonText: "OK" });
    expect(shown[0]!.bodyHtml).toContain("<em>text</em>");
  });
});

const form = (path: string, fields: Record<string, string>) =>
  new Request(`https://apphub.example${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

describe("close actions", () => {
  it("validate their fields with zod", () => {
    expect(closeBannerForm.safeParse({ time: T0 }).success).toBe(true);
    expect(closeBannerForm.safeParse({ time: "soon" }).success).toBe(false);
    expect(closeModalForm.safeParse({ time: T0 }).success).toBe(false);
    expect(closeModalForm.safeParse({ time: T0, modalId: "x", enhanced: "yes" }).success).toBe(false);
  });

  // The attributes in the order Remix's createCookie writes them (issue 14); the same attributes as before.
  it("set a Secure, HttpOnly, year-long __Host- cookie on https (a bare name on plain http)", async () => {
    const c = await preferenceCookie(new Request("https://apphub.example/"), "hd_an_bnr_dp", T0);
    expect(c).toBe(`__Host-hd_an_bnr_dp=${T0}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax`);
    expect(await preferenceCookie(new Request("http://127.0.0.1:8787/"), "hd_an_bnr_dp", T0)).toBe(`hd_an_bnr_dp=${T0}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("banner: redirects back with the cookie, or answers JSON when enhanced", async () => {
    const res = await closeBannerAction(form("/preferences/announcement", { time: T0, returnTo: "/bots?page=2" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/bots?page=2");
    expect(res.headers.get("Set-Cookie")).toContain(`hd_an_bnr_dp=${T0};`);
    const json = await closeBannerAction(form("/preferences/announcement", { time: T0, enhanced: "true" }));
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ closed: true });
  });

  it("modal: the cookie is keyed by modal id", async () => {
    const res = await closeModalAction(form("/preferences/modal", { time: T0, modalId: "welcome-2026" }));
    expect(res.headers.get("Set-Cookie")).toContain(`hd_modal_welcome-2026=${T0};`);
    expect(res.headers.get("Location")).toBe("/");
    expect((await closeModalAction(form("/preferences/modal", { time: T0 }))).status).toBe(400);
  });
});
