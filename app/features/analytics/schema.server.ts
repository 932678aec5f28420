// zod schemas of what /api/analytics accepts: one event or a batch, AppHub_ names only, props a
// small flat record of strings, numbers and booleans. Unknown fields are dropped, not refused.
import { z } from "zod";
import { ANALYTICS_EVENTS, LIMITS } from "./events";

const propValue = z.union([z.string().max(LIMITS.maxStringLength), z.number().finite(), z.boolean()]);

const props = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, "property names are letters, digits and _ (at most 40)"), propValue)
  .refine((p) => Object.keys(p).length <= LIMITS.maxProps, `at most ${LIMITS.maxProps} properties`);

const name = z
  .string()
  .refine((n) => n.startsWith("AppHub_"), "event names start with AppHub_")
  .pipe(z.enum(ANALYTICS_EVENTS, { errorMap: () => ({ message: `unknown event; known: ${ANALYTICS_EVENTS.join(", ")}` }) }));

export const analyticsEventSchema = z.object({ name, props: props.optional() });

const key = z.string().max(200).optional();

/** `{ key?, name, props? }` or `{ key?, events: [...] }` (1 to 20 events). */
export const analyticsBodySchema = z.union([
  z.object({ key, events: z.array(analyticsEventSchema).min(1, "events is empty").max(LIMITS.maxEvents, `at most ${LIMITS.maxEvents} events per request`) }),
  analyticsEventSchema.extend({ key }),
]);

export type AnalyticsBody = z.infer<typeof analyticsBodySchema>;

/** The events of a parsed body, as a list. */
export const eventsOf = (body: AnalyticsBody) => ("events" in body ? body.events : [{ name: body.name, props: body.props }]);

/** A message naming the first problem (the field path and what is wrong with it). */
export function describeProblem(error: z.ZodError): string {
  // A union reports "Invalid input"; the branch the body meant to be says more.
  const issue = error.issues[0]!;
  if (issue.code === "invalid_union") {
    const branches = issue.unionErrors.map((e) => e.issues[0]!);
    const best = branches.find((i) => i.path[0] === "events") ?? branches[branches.length - 1]!;
    return `${best.path.join(".") || "body"}: ${best.message}`;
  }
  return `${issue.path.join(".") || "body"}: ${issue.message}`;
}
