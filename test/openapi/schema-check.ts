// Checks JSON against the schemas of the OpenAPI document (app/features/openapi), with a JSON Schema
// 2020-12 validator (OpenAPI 3.1's dialect). Shared by the document's unit test and the contract
// test that holds the real Worker's answers against it (test/integration/openapi.test.ts).
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchema } from "../../app/features/openapi/json-schema.server.ts";
import type { OpenApiDocument } from "../../app/features/openapi/document.server.ts";

// ajv-formats is CommonJS: its default export arrives as the module object under Node's ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

const COMPONENTS_ID = "https://openapi.test/components.json";

/** `#/components/schemas/X` → the components schema's `$defs/X`, so a fragment compiles on its own. */
function rebased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebased);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === "$ref" && typeof v === "string" ? v.replace("#/components/schemas/", `${COMPONENTS_ID}#/$defs/`) : rebased(v)]),
  );
}

/**
 * Objects closed where the document leaves them open: the document lets clients expect new fields
 * (answers are documented open), but the contract test must notice a field the document does not
 * name. Objects marked `additionalProperties: true` (open on purpose, like an error's extra fields)
 * stay open.
 */
function closed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closed);
  if (value === null || typeof value !== "object") return value;
  const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closed(v)])) as JsonSchema;
  if (out.properties && !("additionalProperties" in out)) out.additionalProperties = false;
  return out;
}

export type SchemaCheck = {
  /** Compiles a schema of the document (throws for one that is not valid JSON Schema 2020-12). */
  compile: (schema: JsonSchema) => ValidateFunction;
  /** The problems of `value` against `schema`, as readable lines; empty when it fits. */
  problems: (schema: JsonSchema, value: unknown) => string[];
};

export function schemaCheck(doc: OpenApiDocument, options: { closeObjects: boolean }): SchemaCheck {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  const prepare = (schema: unknown) => rebased(options.closeObjects ? closed(schema) : schema);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: prepare(doc.components.schemas) as JsonSchema });
  const compiled = new Map<string, ValidateFunction>();
  const compile = (schema: JsonSchema) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(prepare(schema) as JsonSchema);
      compiled.set(key, validate);
    }
    return validate;
  };
  const describe = (e: ErrorObject) => `${e.instancePath || "(body)"} ${e.message ?? ""}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""}`;
  return {
    compile,
    problems: (schema, value) => {
      const validate = compile(schema);
      return validate(value) ? [] : (validate.errors ?? []).map(describe);
    },
  };
}
