import { describe, expect, it } from "vitest";
import { extractEmbedSrc, isAllowedVideoUrl, isPlayerSrc } from "./video";

describe("isAllowedVideoUrl", () => {
  it.each(["https://vimeo.com/669847139", "https://www.vimeo.com/1", "https://player.vimeo.com/video/1"])("allows %s", (url) => {
    expect(isAllowedVideoUrl(url)).toBe(true);
  });
  it.each([
    "http://vimeo.com/1",
    "https://vimeo.com.evil.example/1",
    "https://evil.example/?vimeo.com",
    "https://user:pw@vimeo.com/1",
    "https://vimeo.com:8443/1",
    "javascript:alert(1)",
    "vimeo.com/1",
    "",
  ])("refuses %j", (url) => {
    expect(isAllowedVideoUrl(url)).toBe(false);
  });
});

describe("extractEmbedSrc", () => {
  it("takes the iframe src and adds dnt=1", () => {
    const html = '<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e&amp;app_id=122963" width="640" height="360" frameborder="0"></iframe>';
    expect(extractEmbedSrc(html)).toBe("https://player.vimeo.com/video/76979871?h=8272103f6e&app_id=122963&dnt=1");
  });

  it("accepts single quotes and other attributes first", () => {
    expect(extractEmbedSrc("<IFRAME title='x' src='https://player.vimeo.com/video/1'></IFRAME>")).toBe("https://player.vimeo.com/video/1?dnt=1");
  });

  it.each([
    '<iframe src="https://evil.example/video/1"></iframe>',
    '<iframe src="http://player.vimeo.com/video/1"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe data-src="https://player.vimeo.com/video/1"></iframe>',
    '<script src="https://player.vimeo.com/x.js"></script>',
    '<iframe src="https://player.vimeo.com.evil.example/video/1"></iframe>',
    "",
  ])("refuses %j", (html) => {
    expect(extractEmbedSrc(html)).toBeNull();
  });
});

describe("isPlayerSrc", () => {
  it("allows only https player addresses", () => {
    expect(isPlayerSrc("https://player.vimeo.com/video/1?dnt=1")).toBe(true);
    expect(isPlayerSrc("https://vimeo.com/1")).toBe(false);
    expect(isPlayerSrc("http://player.vimeo.com/video/1")).toBe(false);
  });
});
