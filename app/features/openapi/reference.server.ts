// What the API reference page (/developers/api) shows, read from the OpenAPI document itself
// (./document.server.ts), so the page and /api/openapi.json cannot disagree: every operation with
// its parameters, body fields and answers, and the named schemas. Descriptions are markdown,
// rendered here by the site's safe renderer; the page only lays the result out.
import { renderMarkdown } from "~/lib/markdown.server";
import { type OpenApiDocument, type OpenApiOperation, type OpenApiParameter, OPENAPI_PATH, openApiDocument } from "./document.server";
import { type JsonSchema, SCHEMA_REF_PREFIX } from "./json-schema.server";
import { formatCount } from "~/lib/format-number";

/** A type as words; a part naming a schema links to it. */
export type TypePart = { text: string; schema?: string };
export type FieldView = { name: string; depth: number; type: TypePart[]; required: boolean; descriptionHtml: string; rules: string[] };
export type ResponseView = { status: string; reason: string; descriptionHtml: string; body: TypePart[] | null; fields: FieldView[]; headers: string[] };
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  descriptionHtml: string;
  auth: "none" | "publisherToken";
  parameters: (FieldView & { in: string })[];
  body: { descriptionHtml: string; type: TypePart[]; fields: FieldView[] } | null;
  responses: ResponseView[];
};
export type SchemaView = { name: string; descriptionHtml: string; fields: FieldView[]; variants: { title: string; fields: FieldView[] }[] };
export type ReferenceData = {
  title: string;
  version: string;
  serverUrl: string;
  documentPath: string;
  introHtml: string;
  groups: { tag: string; id: string; descriptionHtml: string; operations: OperationView[] }[];
  schemas: SchemaView[];
};

const REASONS: Record<string, string> = {
  "200": "OK",
  "202": "Accepted",
  "304": "Not Modified",
  "400": "Bad Request",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "Not Found",
  "413": "Content Too Large",
  "422": "Unprocessable Content",
  "429": "Too Many Requests",
  "502": "Bad Gateway",
  "504": "Gateway Timeout",
};

/** Fields nested deeper than this are left to their own schema's section (none is, today). */
const MAX_DEPTH = 4;

const html = (markdown: string | undefined) => (markdown ? renderMarkdown(markdown) : "");
/** Markdown for one line (a field's description): without the paragraph around it. */
const inlineHtml = (markdown: string | undefined) => html(markdown).replace(/^<p>([\s\S]*)<\/p>\n?$/, "$1");

const refName = (node: JsonSchema): string | undefined => (typeof node.$ref === "string" ? node.$ref.slice(SCHEMA_REF_PREFIX.length) : undefined);
const isNull = (node: JsonSchema) => node.type === "null";

/** The schema's type in words: `array of AppSummary`, `string (date-time) or null`, `one of "a", "b"`. */
export function typeOf(node: JsonSchema): TypePart[] {
  const name = refName(node);
  if (name) return [{ text: name, schema: name }];
  if ("const" in node) return [{ text: JSON.stringify(node.const) }];
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const nullable = anyOf.some(isNull);
    const parts = anyOf.filter((n) => !isNull(n)).flatMap((n, i) => (i > 0 ? [{ text: " or " }, ...typeOf(n)] : typeOf(n)));
    return nullable ? [...parts, { text: " or null" }] : parts;
  }
  if (Array.isArray(node.type)) {
    const types = node.type as string[];
    const rest = types.filter((t) => t !== "null");
    const one = rest.length === 1 ? typeOf({ ...node, type: rest[0] }) : [{ text: rest.join(" or ") }];
    return types.includes("null") ? [...one, { text: " or null" }] : one;
  }
  if (Array.isArray(node.enum)) return [{ text: `one of ${(node.enum as unknown[]).map((v) => JSON.stringify(v)).join(", ")}` }];
  if (node.type === "array") return [{ text: "array of " }, ...(node.items ? typeOf(node.items as JsonSchema) : [{ text: "anything" }])];
  if (node.type === "string" && typeof node.format === "string") return [{ text: `string (${node.format})` }];
  if (typeof node.type === "string") return [{ text: node.type }];
  return [{ text: "any JSON value" }];
}

/** Limits the schema puts on a value, in words. */
function rulesOf(node: JsonSchema): string[] {
  const rules: string[] = [];
  const n = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? formatCount(v) : String(v));
  /** "1 to 120 characters", "at least 1 item", "at most 5 items"; numbers without a unit. */
  const range = (min: unknown, max: unknown, unit: string) => {
    const of = (last: unknown) => (unit ? ` ${unit}${last === 1 ? "" : "s"}` : "");
    if (min !== undefined && max !== undefined) rules.push(min === max ? `exactly ${n(min)}${of(min)}` : `${n(min)} to ${n(max)}${of(max)}`);
    else if (min !== undefined) rules.push(`at least ${n(min)}${of(min)}`);
    else if (max !== undefined) rules.push(`at most ${n(max)}${of(max)}`);
  };
  const branch = ((node.anyOf as JsonSchema[] | undefined)?.find((b) => !isNull(b)) ?? node) as JsonSchema;
  range(branch.minLength, branch.maxLength, "character");
  range(branch.minimum, branch.maximum, "");
  range(branch.minItems, branch.maxItems, "item");
  if (typeof branch.pattern === "string") rules.push(`matches ${branch.pattern}`);
  if (node.default !== undefined) rules.push(`default ${JSON.stringify(node.default)}`);
  if (branch.additionalProperties === false) rules.push("no other fields");
  return rules;
}

/** The object inside a (possibly nullable, possibly array) schema, whose fields are listed under it. */
function objectWithin(node: JsonSchema): { object: JsonSchema; suffix: string } | null {
  if (refName(node)) return null;
  if (node.properties) return { object: node, suffix: "" };
  if (node.type === "array" && node.items) {
    const inner = objectWithin(node.items as JsonSchema);
    return inner ? { object: inner.object, suffix: `[]${inner.suffix}` } : null;
  }
  const branches = (node.anyOf as JsonSchema[] | undefined)?.filter((b) => !isNull(b));
  return branches?.length === 1 ? objectWithin(branches[0]!) : null;
}

/** An object's fields as rows, nested ones under their parent with a dotted name. */
export function fieldsOf(object: JsonSchema, prefix = "", depth = 0): FieldView[] {
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([key, node]) => {
    const name = `${prefix}${key}`;
    const row: FieldView = {
      name,
      depth,
      type: typeOf(node),
      required: required.has(key),
      descriptionHtml: inlineHtml(node.description as string | undefined),
      rules: rulesOf(node),
    };
    const inner = depth < MAX_DEPTH ? objectWithin(node) : null;
    return inner ? [row, ...fieldsOf(inner.object, `${name}${inner.suffix}.`, depth + 1)] : [row];
  });
}

function parameterView(doc: OpenApiDocument, p: OpenApiOperation["parameters"][number]): FieldView & { in: string } {
  const param: OpenApiParameter = "$ref" in p ? doc.components.parameters[p.$ref.split("/").pop()!]! : p;
  const type = param.schema.type === "array" && param.explode === false ? [...typeOf(param.schema), { text: ", comma-separated" }] : typeOf(param.schema);
  return { name: param.name, in: param.in, depth: 0, type, required: param.required, descriptionHtml: inlineHtml(param.description), rules: rulesOf(param.schema) };
}

function responseView(status: string, response: OpenApiOperation["responses"][string]): ResponseView {
  const schema = response.content?.["application/json"].schema;
  const inner = schema ? objectWithin(schema) : null;
  return {
    status,
    reason: REASONS[status] ?? "",
    descriptionHtml: inlineHtml(response.description),
    body: schema ? typeOf(schema) : null,
    fields: inner ? fieldsOf(inner.object, inner.suffix ? `${inner.suffix}.` : "") : [],
    headers: Object.keys(response.headers ?? {}),
  };
}

function operationView(doc: OpenApiDocument, method: string, path: string, op: OpenApiOperation): OperationView {
  const body = op.requestBody?.content["application/json"].schema;
  const bodyObject = body ? objectWithin(body) : null;
  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: op.summary,
    descriptionHtml: html(op.description),
    auth: op.security.length ? "publisherToken" : "none",
    parameters: op.parameters.map((p) => parameterView(doc, p)),
    body: body ? { descriptionHtml: inlineHtml(op.requestBody?.description), type: typeOf(body), fields: bodyObject ? fieldsOf(bodyObject.object) : [] } : null,
    responses: Object.entries(op.responses).map(([status, r]) => responseView(status, r)),
  };
}

function schemaView(name: string, schema: JsonSchema): SchemaView {
  const variants = (schema.anyOf as JsonSchema[] | undefined) ?? [];
  return {
    name,
    descriptionHtml: html(schema.description as string | undefined),
    fields: schema.properties ? fieldsOf(schema) : [],
    variants: variants.map((v, i) => {
      const type = (v.properties as Record<string, JsonSchema> | undefined)?.type;
      return { title: type && "const" in type ? `type ${JSON.stringify(type.const)}` : `Variant ${i + 1}`, fields: fieldsOf(v) };
    }),
  };
}

export function referenceData(doc: OpenApiDocument): ReferenceData {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => operationView(doc, method, path, op)));
  const byId = new Map(Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => [op.operationId, op.tags[0]] as const)));
  return {
    title: doc.info.title,
    version: doc.info.version,
    serverUrl: doc.servers[0]?.url ?? "",
    documentPath: OPENAPI_PATH,
    introHtml: html(doc.info.description),
    groups: doc.tags.map((tag) => ({
      tag: tag.name,
      id: `tag-${tag.name.toLowerCase()}`,
      descriptionHtml: inlineHtml(tag.description),
      operations: operations.filter((o) => byId.get(o.id) === tag.name),
    })),
    schemas: Object.entries(doc.components.schemas).map(([name, schema]) => schemaView(name, schema)),
  };
}

const built = new Map<string, ReferenceData>();

/** The page's data, made once per isolate and server address (like the document). */
export function apiReference(serverUrl: string): ReferenceData {
  let data = built.get(serverUrl);
  if (!data) {
    data = referenceData(openApiDocument(serverUrl));
    built.set(serverUrl, data);
  }
  return data;
}
