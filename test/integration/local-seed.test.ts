// The local seed path (scripts/lib/local-d1.ts): migrations, the catalogue import and the content
// load write wrangler dev's state in-process. What they must keep from the wrangler path: the
// migrations recorded so `wrangler d1 migrations apply --local` finds nothing to do, the
// import's refusal to undo publications approved since the last import, and content versions.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generateCatalogue } from "../../scripts/lib/catalogue-generator.ts";
import { openLocalState } from "../../scripts/lib/local-d1.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const state = mkdtempSync(path.join(tmpdir(), "local-seed-"));
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" };
const script = (args: string[]) => spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", env });

afterAll(() => rmSync(state, { recursive: true, force: true }));

async function query<T>(sql: string): Promise<T[]> {
  const local = await openLocalState({ config: path.join(root, "wrangler.toml"), environment: "development", persistTo: state });
  try {
    return (await local.db.prepare(sql).all<T>()).results;
  } finally {
    await local.dispose();
  }
}

describe("seeding the local state in-process", () => {
  it("migrates as wrangler records it, imports, and refuses to undo a publication", async () => {
    const migrated = script(["scripts/migrate-local.ts", "--env", "development", "--persist-to", state]);
    expect(migrated.status, migrated.stderr).toBe(0);
    const wrangler = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--env", "development", "--local", "--persist-to", state], {
      cwd: root,
      encoding: "utf8",
      env,
    });
    expect(wrangler.stdout).toContain("No migrations to apply");

    const file = path.join(state, "catalogue.json");
    writeFileSync(file, JSON.stringify(generateCatalogue({ apps: 30, seed: 3 })));
    const imported = script(["scripts/import-catalogue.ts", file, "--persist-to", state]);
    expect(imported.status, imported.stderr).toBe(0);
    expect(await query<{ n: number }>("SELECT count(*) AS n FROM apps")).toEqual([{ n: 30 }]);

    const [app] = await query<{ id: string }>("SELECT id FROM apps LIMIT 1");
    const local = await openLocalState({ config: path.join(root, "wrangler.toml"), environment: "development", persistTo: state });
    try {
      await local.db
        .prepare(
          "INSERT INTO submissions (publisher_slug, app_id, kind, payload, state, token_id, created_at, decided_at) VALUES ('p', ?, 'listing', '{}', 'approved', 1, '2999-01-01', '2999-01-01')",
        )
        .bind(app!.id)
        .run();
    } finally {
      await local.dispose();
    }
    const refused = script(["scripts/import-catalogue.ts", file, "--persist-to", state]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("1 publication(s) approved in the review queue since the last import");

    const loaded = script(["scripts/load-content.ts", "--persist-to", state]);
    expect(loaded.status, loaded.stderr).toBe(0);
    expect((await query<{ n: number }>("SELECT count(*) AS n FROM content_entries"))[0]!.n).toBeGreaterThan(0);
  }, 120_000);
});
