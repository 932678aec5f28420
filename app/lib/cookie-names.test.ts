import { describe, expect, it } from "vitest";
import { cookieName, cookieNameFor, ourCookies, requestCookies } from "./cookie-names.ts";

describe("the cookie naming rule", () => {
  it("prefixes __Host- on https only", () => {
    expect(cookieName("flash", true)).toBe("__Host-flash");
    expect(cookieName("flash", false)).toBe("flash");
    expect(cookieNameFor(new Request("https://apphub.example/x"), "__session")).toBe("__Host-__session");
    expect(cookieNameFor(new Request("http://127.0.0.1:8787/x"), "__session")).toBe("__session");
  });

  it("reads only __Host- cookies on https, by bare name, and ignores bare or differently cased ones", () => {
    const cookies = ourCookies("flash=planted; __Host-flash=ours; __host-csrf-token=x; csrf-token=y; __Host-isAlertTestHidden=true", true);
    expect(cookies.get("flash")).toBe("ours");
    expect(cookies.get("isAlertTestHidden")).toBe("true");
    expect(cookies.has("csrf-token")).toBe(false);
    expect([...cookies.keys()].sort()).toEqual(["flash", "isAlertTestHidden"]);
  });

  it("the first of a repeated __Host- name wins, as for bare names", () => {
    expect(ourCookies("__Host-a=1; __Host-a=2", true).get("a")).toBe("1");
  });

  it("reads bare names as they are on plain http", () => {
    expect(ourCookies("flash=x; a=1", false).get("flash")).toBe("x");
  });

  it("takes the scheme from the request", () => {
    const header = { Cookie: "flash=bare; __Host-flash=host" };
    expect(requestCookies(new Request("https://apphub.example/", { headers: header })).get("flash")).toBe("host");
    expect(requestCookies(new Request("http://127.0.0.1/", { headers: header })).get("flash")).toBe("bare");
  });
});
