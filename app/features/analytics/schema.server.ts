// zod schemas of what /api/analytics accepts: one event or a batch, AppHub_ names only, props a
// small flat record of strings, numbers and booleans. Only well-formed events: an unknown field is
// refused (400), not dropped, so a sender learns at once that it sends something we do not read
// (docs/decisions/013). Sizes are bounded everywhere (LIMITS; the body itself at 16 KB).
import { z } from "zod";
import { once } from "~/lib/lazy-schema";
import { ANALYTICS_EVENTS, LIMITS } from "./events";

// Built on the first beacon, not at the Worker's startup (lib/lazy-schema.ts; docs/decisions/056).
const schemas = once(() => {
  const propValue = z.union([z.string().max(LIMITS.maxStringLength), z.number().finite(), z.boolean()]);

  const props = z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, "property names are letters, digits and _ (at most 40)"), propValue)
    .refine((p) => Object.keys(p).length <= LIMITS.maxProps, `at most ${LIMITS.maxProps} properties`);

  const name = z
    .string()
    .refine((n) => n.startsWith("AppHub_"), "event names start with AppHub_")
    .pipe(z.enum(ANALYTICS_EVENTS, { errorMap: () => ({ message: `unknown event; known: ${ANALYTICS_EVENTS.join(", ")}` }) }));

  const analyticsEventSchema = z.object({ name, props: props.optional() }).strict();

  const key = z.string().max(200).optional();

  const batchSchema = z
    .object({
      key,
      events: z.array(analyticsEventSchema).min(1, "events is empty").max(LIMITS.maxEvents, `at most ${LIMITS.maxEvents} events per request`),
    })
    .strict();
  const singleSchema = analyticsEventSchema.extend({ key }).strict();
  return { batchSchema, singleSchema };
});

type Schemas = ReturnType<typeof schemas>;
export type AnalyticsBody = z.infer<Schemas["batchSchema"]> | z.infer<Schemas["singleSchema"]>;

/** `{ key?, events: [...] }` (1 to 20 events) or one event `{ key?, name, props? }`. */
export const analyticsBodySchema = {
  safeParse(body: unknown): z.SafeParseReturnType<unknown, AnalyticsBody> {
    const isBatch = typeof body === "object" && body !== null && "events" in body;
    return isBatch ? schemas().batchSchema.safeParse(body) : schemas().singleSchema.safeParse(body);
  },
  parse(body: unknown): AnalyticsBody {
    const result = this.safeParse(body);
    if (!result.success) throw result.error;
    return result.data;
  },
};

/** The events of a parsed body, as a list. */
export const eventsOf = (body: AnalyticsBody) => ("events" in body ? body.events : [{ name: body.name, props: body.props }]);

/** A message naming the first problem: the field path and what is wrong with it. */
export function describeProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const message = issue.code === "unrecognized_keys" ? `unknown field ${JSON.stringify(issue.keys[0])}` : issue.message;
  return `${issue.path.join(".") || "body"}: ${message}`;
}
