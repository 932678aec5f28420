import { describe, expect, it } from "vitest";
import { isUnsupportedBrowser } from "./browser-support.ts";

const UA = {
  ie11: "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko",
  ie11Compat: "Mozilla/4.0 (compatible; MSIE 11.0; Windows NT 6.3; Trident/7.0)",
  ie10: "Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)",
  oldEdge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041",
  chrome70: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36",
  firefox60: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:60.0) Gecko/20100101 Firefox/60.0",
  safari12: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15",
  opera12: "Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.18",
  chrome: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36",
  chromeIos: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/142.0.0.0 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0",
  safari: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  safariIos: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  googlebotSmartphone:
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.7444.59 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  googlebotOldChrome:
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  bingbot: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  bingbotChrome: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
  slackbot: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  curl: "curl/8.5.0",
};

describe("isUnsupportedBrowser (spec §2.1 unsupported-browser rule)", () => {
  it.each([
    ["IE 11", UA.ie11],
    ["IE 11 in compatibility view (MSIE 11)", UA.ie11Compat],
    ["IE 10", UA.ie10],
    ["old (EdgeHTML) Edge", UA.oldEdge],
    ["Chrome 70", UA.chrome70],
    ["Firefox 60", UA.firefox60],
    ["Safari 12", UA.safari12],
    ["Presto Opera", UA.opera12],
  ])("%s is unsupported", (_name, ua) => {
    expect(isUnsupportedBrowser(ua)).toBe(true);
  });

  it.each([
    ["current Chrome", UA.chrome],
    ["Chrome on Android", UA.chromeAndroid],
    ["Chrome on iOS", UA.chromeIos],
    ["current Firefox", UA.firefox],
    ["current Safari", UA.safari],
    ["Safari on iOS", UA.safariIos],
    ["current (Chromium) Edge", UA.edge],
  ])("%s is supported", (_name, ua) => {
    expect(isUnsupportedBrowser(ua)).toBe(false);
  });

  it.each([
    ["Googlebot", UA.googlebot],
    ["Googlebot smartphone", UA.googlebotSmartphone],
    ["Googlebot with an old Chrome token", UA.googlebotOldChrome],
    ["Bingbot", UA.bingbot],
    ["Bingbot with a Chrome token", UA.bingbotChrome],
    ["Slackbot", UA.slackbot],
    ["Facebook's link expander", UA.facebook],
  ])("%s (a bot) is supported, so crawlers see the real page", (_name, ua) => {
    expect(isUnsupportedBrowser(ua)).toBe(false);
  });

  it("does not flag requests without a user agent, or tools like curl", () => {
    expect(isUnsupportedBrowser(null)).toBe(false);
    expect(isUnsupportedBrowser("")).toBe(false);
    expect(isUnsupportedBrowser(UA.curl)).toBe(false);
  });

  it("draws the line at the minimum versions (Chrome 88, Firefox 78, Safari 14)", () => {
    const chrome = (v: number) => UA.chrome.replace("Chrome/142", `Chrome/${v}`);
    expect(isUnsupportedBrowser(chrome(87))).toBe(true);
    expect(isUnsupportedBrowser(chrome(88))).toBe(false);
    const firefox = (v: number) => UA.firefox.replace(/145/g, String(v));
    expect(isUnsupportedBrowser(firefox(77))).toBe(true);
    expect(isUnsupportedBrowser(firefox(78))).toBe(false);
    const safari = (v: number) => UA.safari.replace("Version/18.1", `Version/${v}.0`);
    expect(isUnsupportedBrowser(safari(13))).toBe(true);
    expect(isUnsupportedBrowser(safari(14))).toBe(false);
  });
});
