import { describe, expect, it } from "vitest";
import { toFtsQuery } from "./fts-query.ts";

/** Only quoted words separated by spaces, the last one a prefix: nothing FTS5 could parse as syntax. */
const SAFE = /^(?:"[\p{L}\p{N}]+" )*"[\p{L}\p{N}]+"\*$/u;

function expectSafe(text: string) {
  const q = toFtsQuery(text);
  if (q !== "") expect(q).toMatch(SAFE);
  return q;
}

describe("toFtsQuery", () => {
  it("makes the last word a prefix match", () => {
    expect(toFtsQuery("pol")).toBe('"pol"*');
    expect(toFtsQuery("meeting notes")).toBe('"meeting" "notes"*');
  });

  it("lower-cases words", () => {
    expect(toFtsQuery("Pollster BOT")).toBe('"pollster" "bot"*');
  });

  it("returns an empty expression for text without words", () => {
    for (const text of ["", "   ", '"', "***", "()", "-", "🎉🎉", "\"'`;--"]) expect(toFtsQuery(text)).toBe("");
  });

  it.each([
    ['"unbalanced quote', '"unbalanced" "quote"*'],
    ['say "hello" world', '"say" "hello" "world"*'],
    ["poll*", '"poll"*'],
    ["*", ""],
    ["-bot", '"bot"*'],
    ["bot -spam", '"bot" "spam"*'],
    ["(a OR b)", '"a" "or" "b"*'],
    ["NEAR(a b, 3)", '"near" "a" "b" "3"*'],
    ["a AND OR NOT b", '"a" "and" "or" "not" "b"*'],
    ["AND", '"and"*'],
    ["name:pollster", '"name" "pollster"*'],
    ["^start", '"start"*'],
    ["{name company}: x", '"name" "company" "x"*'],
    ["party 🎉 time", '"party" "time"*'],
    ["café", '"café"*'],
    ["ｆｕｌｌｗｉｄｔｈ", '"fullwidth"*'],
  ])("treats %j as plain words: %s", (text, expected) => {
    expect(expectSafe(text)).toBe(expected);
  });

  it("caps a 1000-character input at a few terms", () => {
    const q = expectSafe("word ".repeat(200));
    expect(q.split(" ").length).toBeLessThanOrEqual(12);
    expect(expectSafe("x".repeat(1000))).toBe(`"${"x".repeat(1000)}"*`);
  });

  it("never produces an unsafe expression for hostile or random input", () => {
    const hostile = [
      '"',
      '""',
      '"a" OR "b"',
      'a" OR 1=1 --',
      "NEAR(",
      "NEAR(a",
      "a NEAR/2 b",
      "AND OR",
      "OR",
      "NOT",
      "*a",
      "a**",
      "- - -",
      "((((",
      "))))",
      "col:val",
      "+a",
      "a^b",
      "\u0000",
      '\\"',
      "🤖 bot 🤖",
      "'; DROP TABLE apps; --",
    ];
    for (const text of hostile) expectSafe(text);
    let seed = 1;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ['"', "*", "-", "(", ")", " ", "a", "Z", "9", ":", "^", "+", "é", "🎉", "N", "E", "A", "R", "\\", "'"];
    for (let i = 0; i < 300; i++) {
      const len = Math.floor(rand() * 60);
      expectSafe(Array.from({ length: len }, () => alphabet[Math.floor(rand() * alphabet.length)]).join(""));
    }
  });
});
