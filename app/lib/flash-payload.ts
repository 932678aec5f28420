// What a flash cookie carries (app/lib/flash.server.ts writes and reads it): one notice, and maybe
// an install the next page reports. Kept apart from the server module, with relative imports only,
// so tools that read the hub's answers as a browser would (scripts/soak/) parse the same shape and
// fail the type check when it changes.
import { z } from "zod";
import type { Notice } from "../components/notice.ts";
import type { InstallEvent } from "../features/analytics/events.ts";

export const noticeSchema = z.object({
  title: z.string().max(200),
  message: z.string().max(1000),
  level: z.enum(["success", "error", "info", "warning"]),
}) satisfies z.ZodType<Notice>;

export const installSchema = z.object({
  id: z.string().max(64),
  appId: z.string().max(200),
  appType: z.string().max(40),
  appName: z.string().max(200),
  via: z.enum(["space", "direct", "connect", "webhook"]),
}) satisfies z.ZodType<InstallEvent>;

export const flashSchema = z.object({ notice: noticeSchema, install: installSchema.optional() });
export type Flash = z.infer<typeof flashSchema>;
