// zod → JSON Schema for the OpenAPI document (OpenAPI 3.1 uses JSON Schema 2020-12). The routes'
// own zod schemas (request bodies, query parameters) and the answers' schemas
// (./answer-schemas.server.ts) go through here, so the document cannot say something else than the
// code checks. zod-to-json-schema does the conversion; this adds references to the document's
// named schemas (components.schemas) wherever one of them occurs.
import type { z } from "zod";
import { ignoreOverride, zodToJsonSchema } from "zod-to-json-schema";

export type JsonSchema = { [keyword: string]: unknown };

export const SCHEMA_REF_PREFIX = "#/components/schemas/";

/**
 * The JSON Schema of a zod schema. `named` maps names to schemas that become `$ref`s to
 * `#/components/schemas/<name>` where they occur inside (never the schema being converted itself).
 *
 * - Input, not output: a request body is described as a client writes it (defaults make a field
 *   optional; transforms and refinements describe what they accept).
 * - Objects stay open unless their zod schema is `.strict()` (then `additionalProperties: false`),
 *   which is what the routes accept. Answers are documented open: a client ignores fields it does
 *   not know, so adding one is not a breaking change. (The contract test closes them, so an
 *   answer's field the document does not name fails it.)
 * - zod-to-json-schema's newest target is 2019-09; nothing it writes for these schemas differs in
 *   2020-12 (no tuples, no `$defs`), and the `$schema` it adds is left out (OpenAPI 3.1 sets the
 *   dialect for the whole document).
 */
export function jsonSchemaOf(schema: z.ZodTypeAny, named: Readonly<Record<string, z.ZodTypeAny>> = {}): JsonSchema {
  const names = new Map<z.ZodTypeDef, string>();
  for (const [name, s] of Object.entries(named)) names.set(s._def, name);
  const own = names.get(schema._def);
  if (own) return { $ref: `${SCHEMA_REF_PREFIX}${own}` };
  return definitionOf(schema, names);
}

/** A named schema's own definition (components.schemas), referring to the other named ones. */
export function namedDefinition(name: string, named: Readonly<Record<string, z.ZodTypeAny>>): JsonSchema {
  const schema = named[name];
  if (!schema) throw new Error(`No schema is named ${name}`);
  const names = new Map<z.ZodTypeDef, string>();
  for (const [n, s] of Object.entries(named)) if (n !== name) names.set(s._def, n);
  return definitionOf(schema, names);
}

function definitionOf(schema: z.ZodTypeAny, names: ReadonlyMap<z.ZodTypeDef, string>): JsonSchema {
  const converted = zodToJsonSchema(schema, {
    target: "jsonSchema2019-09",
    $refStrategy: "none",
    effectStrategy: "input",
    pipeStrategy: "input",
    removeAdditionalStrategy: "strict",
    override: (def) => {
      const name = names.get(def);
      return name ? { $ref: `${SCHEMA_REF_PREFIX}${name}` } : ignoreOverride;
    },
    // An ordinary (stripping) zod object is written without `additionalProperties`: open, as JSON
    // Schema's default. `true` stays only where the zod schema says `.passthrough()`, i.e. where
    // fields beside the listed ones are part of the answer (an error's extra fields).
    postProcess: (json, def) => {
      const object = def as Partial<z.ZodObjectDef>;
      if (json && object.typeName === "ZodObject" && object.unknownKeys === "strip" && (json as JsonSchema).additionalProperties === true) {
        delete (json as JsonSchema).additionalProperties;
      }
      return json;
    },
  }) as JsonSchema;
  delete converted.$schema;
  return converted;
}
