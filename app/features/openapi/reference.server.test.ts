// The reference page's reading of the OpenAPI document: types in words, nested fields, and every
// operation and schema of the document on the page.
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document.server";
import { fieldsOf, referenceData, typeOf } from "./reference.server";

const text = (parts: { text: string }[]) => parts.map((p) => p.text).join("");

describe("typeOf", () => {
  it("says a type in words, linking named schemas", () => {
    expect(typeOf({ $ref: "#/components/schemas/AppSummary" })).toEqual([{ text: "AppSummary", schema: "AppSummary" }]);
    expect(text(typeOf({ type: "array", items: { $ref: "#/components/schemas/Category" } }))).toBe("array of Category");
    expect(text(typeOf({ type: ["string", "null"], format: "date-time" }))).toBe("string (date-time) or null");
    expect(text(typeOf({ anyOf: [{ type: "integer" }, { type: "null" }] }))).toBe("integer or null");
    expect(text(typeOf({ type: "string", enum: ["asc", "desc"] }))).toBe('one of "asc", "desc"');
    expect(text(typeOf({ const: "home" }))).toBe('"home"');
    expect(text(typeOf({}))).toBe("any JSON value");
  });
});

describe("fieldsOf", () => {
  it("lists nested fields under their parent, with what limits them", () => {
    const fields = fieldsOf({
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string", minLength: 1, maxLength: 120, description: "The `name`." },
        tags: { type: "array", maxItems: 1, items: { type: "object", properties: { key: { type: "string" } } } },
        owner: { anyOf: [{ type: "object", properties: { id: { type: "integer", minimum: 1, maximum: 9 } }, additionalProperties: false }, { type: "null" }] },
      },
    });
    expect(fields.map((f) => [f.name, f.depth, f.required])).toEqual([
      ["name", 0, true],
      ["tags", 0, false],
      ["tags[].key", 1, false],
      ["owner", 0, false],
      ["owner.id", 1, false],
    ]);
    expect(fields[0]).toMatchObject({ descriptionHtml: "The <code>name</code>.", rules: ["1 to 120 characters"] });
    expect(fields[1]!.rules).toEqual(["at most 1 item"]);
    expect(fields[3]!.rules).toEqual(["no other fields"]);
    expect(fields[4]!.rules).toEqual(["1 to 9"]);
  });
});

describe("referenceData", () => {
  const doc = buildOpenApiDocument("https://apphub.test");
  const data = referenceData(doc);

  it("has every operation of the document, in its tag's group, and every schema", () => {
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(data.groups.flatMap((g) => g.operations.map((o) => o.id)).sort()).toEqual([...ids].sort());
    expect(data.groups.find((g) => g.tag === "Publisher")!.operations.every((o) => o.auth === "publisherToken")).toBe(true);
    expect(data.schemas.map((s) => s.name)).toEqual(Object.keys(doc.components.schemas));
    expect(data.schemas.find((s) => s.name === "ContentEntry")!.variants.map((v) => v.title)).toContain('type "home"');
  });

  it("shows a submission's body fields, its header parameters and its answers", () => {
    const submit = data.groups.flatMap((g) => g.operations).find((o) => o.id === "submitVersion")!;
    expect(submit.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(["path appId", "header Idempotency-Key"]);
    expect(submit.body!.fields.map((f) => f.name)).toEqual(expect.arrayContaining(["version", "releaseNotes", "security.dataRegions", "screenshots"]));
    expect(submit.responses.map((r) => `${r.status} ${r.reason}`)).toEqual([
      "202 Accepted",
      "400 Bad Request",
      "401 Unauthorized",
      "403 Forbidden",
      "404 Not Found",
      "413 Content Too Large",
      "422 Unprocessable Content",
      "429 Too Many Requests",
    ]);
    expect(text(submit.responses[1]!.body!)).toBe("ValidationError or Error");
  });

  it("lists a list parameter's values and how to give several", () => {
    const search = data.groups.flatMap((g) => g.operations).find((o) => o.id === "searchApps")!;
    expect(text(search.parameters.find((p) => p.name === "certification")!.type)).toBe(
      'array of one of "soc2-type-ii", "iso-27001", "hipaa", "gdpr-dpa", "fedramp", comma-separated',
    );
  });
});
