// A tiny Worker for catalogue-sql.test.ts: it runs app/models/catalogue.server.ts's functions
// inside workerd against a real D1, as the app's loaders do. POST {fn, args} calls fn(env.DB, ...args)
// and answers its result as JSON (a Map as {map: entries}) with the number of statements it prepared
// on D1; an error answers 500 with its message.
import * as catalogue from "../../app/models/catalogue.server";

export type CatalogueCall = { fn: string; args: unknown[] };

export default {
  async fetch(request: Request, env: { DB: D1Database }): Promise<Response> {
    const { fn, args } = (await request.json()) as CatalogueCall;
    const f = (catalogue as Record<string, unknown>)[fn];
    if (typeof f !== "function") return Response.json({ error: `catalogue.server has no function ${fn}` }, { status: 400 });
    let statements = 0;
    const db: Pick<D1Database, "prepare" | "batch"> = {
      prepare: (sql) => {
        statements++;
        return env.DB.prepare(sql);
      },
      batch: (list) => env.DB.batch(list),
    };
    try {
      const result: unknown = await (f as (db: Pick<D1Database, "prepare" | "batch">, ...rest: unknown[]) => Promise<unknown>)(db, ...args);
      return Response.json({ result: result instanceof Map ? { map: [...result] } : (result ?? null), statements });
    } catch (error) {
      return Response.json({ error: String(error) }, { status: 500 });
    }
  },
};
