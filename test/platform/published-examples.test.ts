// The client's zod schemas (app/platform/schemas.ts) against the platform's PUBLISHED response
// examples, stored verbatim under test/platform/examples/ (sources in examples/SOURCES.md). When a
// real example fails here, the schema is wrong, not the example: the real platform is right.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  authorizationListSchema,
  membershipListSchema,
  membershipSchema,
  messageListSchema,
  messageSchema,
  personSchema,
  platformWebhookListSchema,
  platformWebhookSchema,
  roomListSchema,
  roomSchema,
} from "../../app/platform/schemas.ts";

const example = (file: string): unknown => JSON.parse(readFileSync(new URL(`./examples/${file}`, import.meta.url), "utf8"));

const cases: [string, z.ZodTypeAny][] = [
  ["people-me.json", personSchema],
  ["rooms-list.json", roomListSchema],
  ["rooms-get.json", roomSchema],
  ["memberships-create.json", membershipSchema],
  ["memberships-list.json", membershipListSchema],
  ["messages-create.json", messageSchema],
  ["messages-get.json", messageSchema],
  ["messages-list.json", messageListSchema],
  ["webhooks-create.json", platformWebhookSchema],
  ["webhooks-list.json", platformWebhookListSchema],
  ["webhooks-get.json", platformWebhookSchema],
  ["authorizations-list.json", authorizationListSchema],
];

describe("published examples parse with the client's schemas", () => {
  for (const [file, schema] of cases) {
    it(file, () => {
      const result = schema.safeParse(example(file));
      expect(result.success ? "ok" : JSON.stringify(result.error.issues, null, 1)).toBe("ok");
    });
  }

  it("the published Authorization has no scopes (full or partial access cannot be derived from it)", () => {
    const list = authorizationListSchema.parse(example("authorizations-list.json"));
    for (const item of list.items) expect(item).not.toHaveProperty("scopes");
  });

  it("the published Message has no sender-name field", () => {
    expect(example("messages-create.json")).not.toHaveProperty("senderDisplayName");
  });
});
