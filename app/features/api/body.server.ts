// Request bodies of the /api write routes: JSON or a form, parsed with a zod schema; a bad body is
// a 400 that names the field.
import type { z } from "zod";
import { jsonError } from "~/lib/http.server";

export async function parseBody<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T> | Response> {
  const type = request.headers.get("Content-Type") ?? "";
  let raw: unknown;
  try {
    raw = type.includes("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    return jsonError(400, "The request body could not be read: send JSON or a form.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return jsonError(400, `Invalid ${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  return parsed.data;
}
