// The parts of a bundle written by `wrangler deploy --dry-run --outfile` (the multipart form of an
// upload: metadata, the modules and, with `upload_source_maps`, their source maps), by name.
import { readFileSync } from "node:fs";

export type BundlePart = { type: string; bytes: Uint8Array<ArrayBuffer>; text(): string };
export type BundleMetadata = { main_module?: string; compatibility_date?: string; compatibility_flags?: string[] };

export async function bundleFiles(bundle: string): Promise<{ parts: Map<string, BundlePart>; metadata: BundleMetadata }> {
  const bytes = readFileSync(bundle);
  const boundary = bytes.subarray(2, bytes.indexOf(10)).toString().trim();
  const form = await new Response(bytes, { headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` } }).formData();
  const parts = new Map<string, BundlePart>();
  for (const [name, value] of form) {
    const data = typeof value === "string" ? new TextEncoder().encode(value) : new Uint8Array(await value.arrayBuffer());
    const type = typeof value === "string" ? "" : value.type;
    parts.set(name, { type, bytes: data, text: () => new TextDecoder().decode(data) });
  }
  const metadata = JSON.parse(parts.get("metadata")?.text() ?? "{}") as BundleMetadata;
  return { parts, metadata };
}
