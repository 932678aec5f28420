import { describe, expect, it } from "vitest";
import { strongEtag } from "~/lib/etag";
import type { Catalogue } from "~/models/catalogue-service.server";
import type { TextMatch } from "~/models/catalogue.server";
import type { AppType } from "~/models/enums";
import { suggestAnswer } from "./suggest-answer.server";

type Reader = Parameters<typeof suggestAnswer>[0];

/** A catalogue whose typeahead SQL is counted: every D1 statement the answer costs shows up in `calls`. */
function catalogueAt(memoVersion: string | undefined, options: { hiddenTypes?: AppType[]; fail?: boolean } = {}) {
  const calls: { text: string; match?: TextMatch }[] = [];
  const reader: Reader = {
    memoVersion,
    hiddenTypes: options.hiddenTypes ?? [],
    suggest: async (text: string, match?: TextMatch) => {
      calls.push({ text, match });
      if (options.fail) throw new Error("D1 is down");
      return { items: [{ id: "a1", friendlyId: "pollster", name: "Pollster", logo: "/l.svg", companyName: "Polls Inc", type: "bot" as const, _score: 10009.6 }], more: true };
    },
    searchTerms: async () => [
      { term: "pollster", col: "name", doc: 1 },
      { term: "polls", col: "company_name", doc: 1 },
    ],
    content: (async () => null) as unknown as Catalogue["content"],
  };
  return { reader, calls };
}

describe("suggestAnswer: the typeahead's answer, made once per catalogue version and text", () => {
  it("is the JSON the API documents, with the ETag of exactly that body", async () => {
    const { reader } = catalogueAt("v-body");
    const answer = await suggestAnswer(reader, "pollst");
    expect(JSON.parse(answer.body)).toEqual({
      items: [{ id: "a1", friendlyId: "pollster", name: "Pollster", logo: "/l.svg", companyName: "Polls Inc", type: "bot", _score: 10009.6 }],
      more: true,
      correctedQuery: null,
    });
    expect(answer.etag).toBe(await strongEtag(answer.body));
  });

  it("a text asked again under the same version costs no statement; a new version reads again", async () => {
    const first = catalogueAt("v-memo-1");
    const a = await suggestAnswer(first.reader, "pollst");
    const again = catalogueAt("v-memo-1");
    expect(await suggestAnswer(again.reader, "pollst")).toBe(a);
    expect(again.calls).toEqual([]);
    const next = catalogueAt("v-memo-2");
    await suggestAnswer(next.reader, "pollst");
    expect(next.calls).toHaveLength(1);
  });

  it("letters arriving together are answered by one read", async () => {
    const { reader, calls } = catalogueAt("v-together");
    const [a, b] = await Promise.all([suggestAnswer(reader, "polls"), suggestAnswer(reader, "polls")]);
    expect(a).toBe(b);
    expect(calls).toHaveLength(1);
  });

  it("hidden app types are part of the key: a setting's answer is never another's", async () => {
    await suggestAnswer(catalogueAt("v-hidden").reader, "pollst");
    const hiding = catalogueAt("v-hidden", { hiddenTypes: ["embeddedApp"] });
    await suggestAnswer(hiding.reader, "pollst");
    expect(hiding.calls).toHaveLength(1);
  });

  it("a failed read is not kept, and nothing is kept without a version", async () => {
    await expect(suggestAnswer(catalogueAt("v-fail", { fail: true }).reader, "pollst")).rejects.toThrow("D1 is down");
    const retry = catalogueAt("v-fail");
    await suggestAnswer(retry.reader, "pollst");
    expect(retry.calls).toHaveLength(1);
    const unversioned = catalogueAt(undefined);
    await suggestAnswer(unversioned.reader, "pollst");
    await suggestAnswer(unversioned.reader, "pollst");
    expect(unversioned.calls).toHaveLength(2);
  });
});
