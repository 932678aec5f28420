// The OpenAPI 3.1 document of the public API (issue 16), served at /api/openapi.json and read by the
// reference page (/developers/api). Built from the operation table (./operations.server.ts) and
// the zod schemas it names; nothing in it is written by hand as JSON.
import { z } from "zod";
import { NAMED_SCHEMAS } from "./answer-schemas.server";
import { jsonSchemaOf, namedDefinition, type JsonSchema } from "./json-schema.server";
import { OPERATIONS, TAGS, type HeaderName, type Operation, type QueryDoc, type ResponseSpec } from "./operations.server";

export type OpenApiDocument = {
  openapi: "3.1.0";
  jsonSchemaDialect: string;
  info: { title: string; version: string; summary: string; description: string };
  externalDocs: { url: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, unknown>;
    headers: Record<string, HeaderObject>;
    parameters: Record<string, OpenApiParameter>;
  };
};

/** `required`: every answer that lists the header carries it. */
export type HeaderObject = { description: string; required: boolean; schema: JsonSchema };

export type OpenApiParameter = {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  description: string;
  schema: JsonSchema;
  style?: "form";
  explode?: boolean;
};

export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters: (OpenApiParameter | { $ref: string })[];
  requestBody?: { required: true; description: string; content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { description: string; headers?: Record<string, { $ref: string }>; content?: { "application/json": { schema: JsonSchema } } }>;
};

/** The version of the API the document describes; raise it when the API changes. */
export const API_VERSION = "1.0.0";
export const OPENAPI_PATH = "/api/openapi.json";
export const REFERENCE_PAGE_PATH = "/developers/api";

const HEADERS: Record<HeaderName, HeaderObject> = {
  ETag: {
    description: "A strong tag of the body. Send it back as `If-None-Match` to get 304 Not Modified while the answer is unchanged.",
    required: true,
    schema: { type: "string", pattern: '^"[0-9a-f]{32}"$' },
  },
  "Cache-Control": {
    description: "How long the answer may be kept. Public answers may be cached (`public, max-age=…`); errors and publisher answers are `private, no-store` or `no-store`.",
    required: true,
    schema: { type: "string" },
  },
  Location: {
    description: "Where to follow the submission: its `GET /api/publisher/v1/submissions/{id}`. Not sent again with a replayed answer.",
    required: false,
    schema: { type: "string", pattern: "^/api/publisher/v1/submissions/[0-9]+$" },
  },
  "Idempotent-Replayed": {
    description: "`true` when this is the first answer again, for a retry with the same `Idempotency-Key`.",
    required: false,
    schema: { const: "true" },
  },
  "WWW-Authenticate": {
    description: 'The Bearer challenge of RFC 6750, with `error="invalid_request"` or `error="invalid_token"` when a token was sent.',
    required: true,
    schema: { type: "string", pattern: "^Bearer " },
  },
  "Retry-After": { description: "Seconds to wait before trying again.", required: true, schema: { type: "string", pattern: "^[0-9]+$" } },
};

const PARAMETERS: Record<string, OpenApiParameter> = {
  IfNoneMatch: {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "The `ETag` of an answer you have: the answer is 304 without a body while it is unchanged.",
    schema: { type: "string" },
  },
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Makes a retry harmless: the same key with the same body answers the first submission again; the same key with another body is a 422. 1 to 200 printable ASCII characters, e.g. a UUID. Keys are per publisher.",
    schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,200}$" },
  },
};

const DESCRIPTION = `The App Hub's public API: the catalogue and its content, as the hub's pages show them, and the publisher API, through which publishers submit changes to their apps for review.

**Authentication.** The catalogue and content endpoints are public and need none. The publisher endpoints (\`/api/publisher/v1/\`) need a publisher API token: \`Authorization: Bearer <token>\`. A hub admin creates a token for a publisher; it is shown once. Cookies play no part.

**Errors** are JSON: \`{"message": "…"}\`, with any fields an endpoint documents beside it (a 400 of the publisher API lists every problem with its field path in \`errors\`).

**Caching.** Successful GET answers carry an \`ETag\`; send it back in \`If-None-Match\` and an unchanged answer is 304 without a body. Public answers are cached at the edge and may be cached by clients for as long as \`Cache-Control\` says.

**Rate limits.** Search and suggestions are limited per client address; past the limit the answer is 429 with \`Retry-After\`.

**Not JSON, not here.** Atom feeds: \`/feeds/new-apps\`, \`/feeds/categories/{slug}\` and \`/feeds/apps/{appId}\` (an app's versions), with the same conditional GET. The other \`/api/\` addresses are the hub's own pages' calls for a logged-in person; they may change without notice.`;

function parameterOf(name: string, schema: z.ZodTypeAny, doc: QueryDoc | undefined, where: "query" | "path"): OpenApiParameter {
  if (!doc) throw new Error(`The ${where} parameter "${name}" has no words in the operation table`);
  const required = where === "path" || !schema.isOptional();
  // Whether it is required is said by `required`; the schema describes a value that is given.
  const unwrapped = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodTypeAny) : schema;
  if (doc.list) {
    return {
      name,
      in: where,
      required,
      description: `${doc.description} Comma-separated, or the parameter repeated.`,
      schema: { type: "array", items: { type: "string", enum: [...doc.list] } },
      style: "form",
      explode: false,
    };
  }
  return { name, in: where, required, description: doc.description, schema: jsonSchemaOf(unwrapped) };
}

/** Puts the operation table's words on the body schema's fields; a path the schema lacks is an error. */
function describeFields(schema: JsonSchema, fields: Record<string, string>, operationId: string): JsonSchema {
  for (const [path, words] of Object.entries(fields)) {
    let node: JsonSchema | undefined = schema;
    for (const key of path.split(".")) {
      const object: JsonSchema | undefined = objectBranch(node);
      node = (object?.properties as Record<string, JsonSchema> | undefined)?.[key];
    }
    if (!node) throw new Error(`${operationId}: the request body has no field "${path}" to describe`);
    node.description = words;
  }
  return schema;
}

/** The object a (possibly nullable) schema describes. */
function objectBranch(node: JsonSchema | undefined): JsonSchema | undefined {
  if (!node) return undefined;
  if (node.properties) return node;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  return anyOf?.find((s) => s.properties);
}

function responseOf(spec: ResponseSpec): OpenApiOperation["responses"][string] {
  const out: OpenApiOperation["responses"][string] = { description: spec.description };
  if (spec.headers?.length) out.headers = Object.fromEntries(spec.headers.map((h) => [h, { $ref: `#/components/headers/${h}` }]));
  if (spec.body) out.content = { "application/json": { schema: jsonSchemaOf(spec.body, NAMED_SCHEMAS) } };
  return out;
}

function operationOf(op: Operation): OpenApiOperation {
  const parameters: OpenApiOperation["parameters"] = [];
  for (const [name, p] of Object.entries(op.pathParameters ?? {})) parameters.push(parameterOf(name, p.schema, { description: p.description }, "path"));
  for (const [name, schema] of Object.entries(op.query?.schema.shape ?? {})) {
    parameters.push(parameterOf(name, schema as z.ZodTypeAny, op.query?.docs[name], "query"));
  }
  if (op.method === "get") parameters.push({ $ref: "#/components/parameters/IfNoneMatch" });
  if (op.idempotencyKey) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  const out: OpenApiOperation = {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: op.auth === "publisherToken" ? [{ publisherToken: [] }] : [],
    parameters,
    responses: Object.fromEntries(Object.entries(op.responses).map(([status, spec]) => [status, responseOf(spec)])),
  };
  if (op.requestBody) {
    const schema = describeFields(jsonSchemaOf(op.requestBody.schema, NAMED_SCHEMAS), op.requestBody.fields ?? {}, op.operationId);
    out.requestBody = { required: true, description: op.requestBody.description, content: { "application/json": { schema } } };
  }
  return out;
}

/** The document for a hub at `serverUrl` (PORTAL_URL). */
export function buildOpenApiDocument(serverUrl: string, operations: readonly Operation[] = OPERATIONS): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const op of operations) {
    const path = paths[op.path] ?? {};
    paths[op.path] = path;
    if (path[op.method]) throw new Error(`${op.method.toUpperCase()} ${op.path} is in the operation table twice`);
    path[op.method] = operationOf(op);
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: { title: "App Hub API", version: API_VERSION, summary: "The catalogue, its content, and the publisher API.", description: DESCRIPTION },
    externalDocs: { url: `${serverUrl}${REFERENCE_PAGE_PATH}`, description: "The same reference, to read" },
    servers: [{ url: serverUrl, description: "This App Hub" }],
    tags: TAGS.map((t) => ({ name: t.name, description: t.description })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.keys(NAMED_SCHEMAS).map((name) => [name, namedDefinition(name, NAMED_SCHEMAS)])),
      securitySchemes: {
        publisherToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "ahp_ followed by 43 base64url characters",
          description: "A publisher API token, made by a hub admin for one publisher and shown once. It acts for that publisher's apps only.",
        },
      },
      headers: HEADERS,
      parameters: PARAMETERS,
    },
  };
}

const built = new Map<string, OpenApiDocument>();

/** The document, built once per isolate and server address. */
export function openApiDocument(serverUrl: string): OpenApiDocument {
  let doc = built.get(serverUrl);
  if (!doc) {
    doc = buildOpenApiDocument(serverUrl);
    built.set(serverUrl, doc);
  }
  return doc;
}
