// Structured JSON logs with the spec's masking; levels info, error, debug, warn (spec §9).
// Masking happens here, for every field and the message, so a call site cannot forget it.
import { maskFields, maskText } from "./log-mask";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
export type LogLevel = keyof typeof LEVELS;
export type Logger = Record<LogLevel, (message: string, fields?: Record<string, unknown>) => void>;

export function createLogger(minLevel: LogLevel = "info"): Logger {
  const emit =
    (level: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS[level] < LEVELS[minLevel]) return;
      const line = JSON.stringify({ level, message: maskText(message), ...maskFields(fields) });
      if (level === "error") console.error(line);
      else if (level === "warn") console.warn(line);
      else console.log(line);
    };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}
