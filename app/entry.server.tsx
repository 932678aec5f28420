// Server rendering: streams HTML, waits for everything for crawlers, and passes the CSP nonce.
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { loadLazyParts } from "~/components/lazy-hydrated";
import { ServerRenderProvider } from "~/lib/server-render";

export const streamTimeout = 5_000;

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  let status = responseStatusCode;
  // The pages' lazily loaded parts, loaded by the isolate's first document render, not at start-up.
  await loadLazyParts();
  const body = await renderToReadableStream(
    <ServerRenderProvider value={{ nonce: loadContext.nonce, kept: loadContext.documentOnly.kept }}>
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={loadContext.nonce} />
    </ServerRenderProvider>,
    {
      nonce: loadContext.nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) loadContext.logger.error("Render error", { error: String(error) });
        status = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout)).catch(() => clearTimeout(timeout));
  // Crawlers and the edge cache get complete documents.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}

/**
 * Errors thrown by loaders and actions: Remix's default prints them with console.error, past the
 * spec §5 masking. Ours goes through the request's logger, which masks (app/lib/log-mask.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const cause = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  context.logger.error("Unhandled error in a loader or action", {
    url: request.url,
    error: cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause),
    stack: cause instanceof Error ? cause.stack : undefined,
  });
};
