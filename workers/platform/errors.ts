// The platform's error body `{message, errors:[{description}], trackingId}` and the exception the
// handlers throw to produce it.
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Extra body fields, e.g. OAuth's `error` code on /v1/access_token. */
  readonly extra: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}, extra: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.extra = extra;
  }
}

export const NOT_FOUND = "The requested resource could not be found.";

export function notFound(message = NOT_FOUND): ApiError {
  return new ApiError(404, message);
}

export function badRequest(message: string): ApiError {
  return new ApiError(400, message);
}

export function errorResponse(status: number, message: string, trackingId: string, headers: Record<string, string> = {}, extra: Record<string, string> = {}): Response {
  const body = { ...extra, message, errors: [{ description: message }], trackingId };
  return Response.json(body, { status, headers: { ...headers, TrackingID: trackingId } });
}
