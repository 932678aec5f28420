// Answers of the /api/hooks/* endpoints (incoming URLs, platform deliveries): their callers are
// scripts and the platform, so every answer is JSON ({message} on refusal) and never cached.

export const hookReply = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

export const hookError = (status: number, message: string, headers: Record<string, string> = {}) => hookReply(status, { message }, headers);
