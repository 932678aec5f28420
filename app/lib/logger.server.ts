// Structured JSON logs with the spec's masking; levels info, error, debug, warn (spec §9).
import { maskHeaders, maskUrl } from "./log-mask";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
export type LogLevel = keyof typeof LEVELS;
export type Logger = Record<LogLevel, (message: string, fields?: Record<string, unknown>) => void>;

export function createLogger(minLevel: LogLevel = "info"): Logger {
  const emit = (level: LogLevel) => (message: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS[level] < LEVELS[minLevel]) return;
    const safe: Record<string, unknown> = { ...fields };
    if (typeof safe.url === "string") safe.url = maskUrl(safe.url);
    if (safe.headers instanceof Headers || (safe.headers && typeof safe.headers === "object")) {
      safe.headers = maskHeaders(safe.headers as Headers);
    }
    const line = JSON.stringify({ level, message, ...safe });
    if (level === "error") console.error(line);
    else if (level === "warn") console.warn(line);
    else console.log(line);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}
