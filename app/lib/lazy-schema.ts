// Zod schemas built on first use instead of when their module is evaluated (docs/decisions/051).
// Every zod schema node is a class instance whose constructor binds two dozen methods, so a module
// that builds a few dozen schemas at its top level costs every new isolate that time at startup,
// before the first byte, even when the request it was started for (a page from the edge cache, an
// API call, a health check) never parses that shape. Built lazily, the cost moves to the first
// parse that needs it, once per isolate.
import { z } from "zod";

/** `build()` on the first call, the same value on every later one. */
export function once<T>(build: () => T): () => T {
  let value: { built: T } | undefined;
  return () => {
    value ??= { built: build() };
    return value.built;
  };
}

/**
 * A schema that parses exactly as `build()`'s schema, built on its first parse (a `z.lazy` whose
 * getter is memoised: zod calls the getter on every parse). Only one `ZodLazy` node is made at import.
 * For schemas that are parsed (`parse`, `safeParse`, nested in another schema); a schema whose
 * methods are called to derive others (`extend`, `pick`, `shape`) should stay a plain schema.
 */
export function lazySchema<T extends z.ZodTypeAny>(build: () => T): z.ZodLazy<T> {
  return z.lazy(once(build));
}
