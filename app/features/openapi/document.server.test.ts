// The OpenAPI document: valid OpenAPI 3.1, every schema valid JSON Schema 2020-12, built from the
// routes' own zod schemas, and no /api route forgotten. The real answers are checked against it in
// test/integration/openapi.test.ts.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaCheck } from "../../../test/openapi/schema-check.ts";
import { buildOpenApiDocument, type OpenApiParameter } from "./document.server";
import type { JsonSchema } from "./json-schema.server";
import { NOT_IN_THE_PUBLIC_API, OPERATIONS, type Operation } from "./operations.server";

const doc = buildOpenApiDocument("https://apphub.test");
const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

/** A Remix flat-route file name as the address it serves (`api.content.$type_.$key.ts` → /api/content/{type}/{key}). */
function routePath(file: string): string {
  const name = file.replace(/\.tsx?$/, "");
  const segments = name.split(/\.(?![^[]*\])/);
  return `/${segments
    .filter((s) => s !== "_index")
    .map((s) => s.replace(/_$/, "").replace(/\[\.\]/g, "."))
    .map((s) => (s.startsWith("$") ? `{${s.slice(1)}}` : s))
    .join("/")}`;
}

const routesDir = fileURLToPath(new URL("../../routes", import.meta.url));
const apiRoutes = readdirSync(routesDir)
  .filter((f) => f.startsWith("api.") && /\.tsx?$/.test(f) && !f.includes(".test."))
  .map(routePath);

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has only valid JSON Schema 2020-12 schemas (compiled in strict mode)", () => {
    const check = schemaCheck(doc, { closeObjects: false });
    const schemas: JsonSchema[] = [...Object.values(doc.components.schemas)];
    for (const { op } of operations) {
      for (const p of op.parameters) if ("schema" in p) schemas.push(p.schema);
      if (op.requestBody) schemas.push(op.requestBody.content["application/json"].schema);
      for (const r of Object.values(op.responses)) if (r.content) schemas.push(r.content["application/json"].schema);
    }
    expect(schemas.length).toBeGreaterThan(30);
    for (const schema of schemas) expect(() => check.compile(schema)).not.toThrow();
  });

  it("documents every /api route, or names it as left out with a reason", () => {
    expect(apiRoutes).toContain("/api/content/{type}/{key}");
    expect(apiRoutes).toContain("/api/openapi.json");
    expect(apiRoutes).toContain("/api/publisher/v1/apps");
    const documented = new Set(Object.keys(doc.paths));
    const forgotten = apiRoutes.filter((p) => !documented.has(p) && !(p in NOT_IN_THE_PUBLIC_API));
    expect(forgotten).toEqual([]);
    // Both lists stay true: nothing documented that has no route, nothing left out that is documented or gone.
    expect([...documented].filter((p) => !apiRoutes.includes(p))).toEqual([]);
    expect(Object.keys(NOT_IN_THE_PUBLIC_API).filter((p) => documented.has(p) || !apiRoutes.includes(p))).toEqual([]);
  });

  it("asks for the Bearer token on publisher endpoints only, and says what a refusal looks like", () => {
    for (const { path, op } of operations) {
      const publisher = path.startsWith("/api/publisher/");
      expect(op.security, path).toEqual(publisher ? [{ publisherToken: [] }] : []);
      if (publisher) expect(op.responses["401"]?.headers, path).toHaveProperty("WWW-Authenticate");
    }
    expect(doc.components.securitySchemes.publisherToken).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("gives every GET an ETag, If-None-Match and a 304", () => {
    for (const { path, method, op } of operations.filter((o) => o.method === "get")) {
      expect(op.responses["200"]?.headers, `${method} ${path}`).toHaveProperty("ETag");
      expect(op.responses["304"], `${method} ${path}`).toBeDefined();
      expect(op.parameters).toContainEqual({ $ref: "#/components/parameters/IfNoneMatch" });
    }
  });

  it("describes the version submission's body with the route's own zod schema", () => {
    const submit = doc.paths["/api/publisher/v1/apps/{appId}/versions"]!.post!;
    const body = submit.requestBody!.content["application/json"].schema as { properties: Record<string, JsonSchema>; required: string[]; additionalProperties: boolean };
    expect(body.required).toEqual(["version", "releaseNotes"]);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.version).toMatchObject({ type: "string", pattern: "^[0-9A-Za-z][0-9A-Za-z.+-]{0,39}$" });
    expect(body.properties.releaseNotes).toMatchObject({ maxLength: 10_000, description: "What changed, in markdown." });
    expect(submit.parameters).toContainEqual({ $ref: "#/components/parameters/IdempotencyKey" });
    expect(Object.keys(submit.responses)).toEqual(["202", "400", "401", "403", "404", "413", "422", "429"]);
    expect(submit.responses["202"]!.headers).toHaveProperty("Location");
  });

  it("lists exactly the values each list parameter's zod schema accepts", () => {
    let lists = 0;
    for (const op of OPERATIONS) {
      const documented = doc.paths[op.path]![op.method]!.parameters.filter((p): p is OpenApiParameter => "in" in p && p.in === "query");
      for (const param of documented) {
        const values = (param.schema.items as { enum?: string[] } | undefined)?.enum;
        if (!values) continue;
        lists++;
        const zodParam = op.query!.schema.shape[param.name] as z.ZodTypeAny;
        for (const value of values) expect(zodParam.safeParse(value).success, `${param.name}=${value}`).toBe(true);
        expect(zodParam.safeParse(values.join(",")).success, `${param.name}: all at once`).toBe(true);
        expect(zodParam.safeParse("not-a-value").success, `${param.name}=not-a-value`).toBe(false);
      }
    }
    expect(lists).toBe(5);
  });

  it("refuses words for a body field the schema does not have (a renamed field cannot keep stale words)", () => {
    const op: Operation = {
      operationId: "test",
      method: "post",
      path: "/api/test",
      tag: "Publisher",
      summary: "test",
      auth: "publisherToken",
      requestBody: { schema: z.object({ name: z.string() }), description: "test", fields: { nmae: "typo" } },
      responses: { 202: { description: "ok" } },
    };
    expect(() => buildOpenApiDocument("https://apphub.test", [op])).toThrow('test: the request body has no field "nmae" to describe');
  });

  it("refuses a query parameter without words", () => {
    const op: Operation = {
      operationId: "test",
      method: "get",
      path: "/api/test",
      tag: "Catalogue",
      summary: "test",
      auth: "none",
      query: { schema: z.object({ q: z.string() }), docs: {} },
      responses: { 200: { description: "ok" } },
    };
    expect(() => buildOpenApiDocument("https://apphub.test", [op])).toThrow('The query parameter "q" has no words');
  });

  it("names the hub's address as its server", () => {
    expect(doc.servers).toEqual([{ url: "https://apphub.test", description: "This App Hub" }]);
    expect(doc.jsonSchemaDialect).toBe("https://spec.openapis.org/oas/3.1/dialect/base");
  });
});
