// Platform ids: base64url (no padding) of `ciscospark://us/<TYPE>/<uuid>`, as the real platform
// hands them out. Decoding accepts padding and checks the type, so a room id never works as a
// person id.
export type IdType = "PEOPLE" | "ORGANIZATION" | "ROOM" | "MEMBERSHIP" | "MESSAGE" | "TEAM" | "WEBHOOK" | "AUTHORIZATION" | "APPLICATION" | "ROLE";

export function encodeId(type: IdType, uuid: string): string {
  return btoa(`ciscospark://us/${type}/${uuid}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The uuid part of an id of the given type, or null when the id is malformed or of another type. */
export function decodeId(type: IdType, id: string): string | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(id)) return null;
  let text: string;
  try {
    text = atob(id.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  // Any cluster is accepted on input (the real platform has several); ours only issues `us`.
  const match = /^ciscospark:\/\/[a-z0-9-]+\/([A-Z_]+)\/([^/]+)$/.exec(text);
  if (!match || match[1] !== type) return null;
  return match[2]!;
}

export function membershipUuid(personUuid: string, roomUuid: string): string {
  return `${personUuid}:${roomUuid}`;
}

/** A random url-safe secret (codes and tokens). */
export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * A stable uuid-shaped string for a name (seeded bot identities): the same email gets the same
 * person id on every seed and reset, without needing async crypto in the seed builder.
 */
export function stableUuid(name: string): string {
  // cyrb128: four 32-bit lanes, enough spread for a few thousand seed names.
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < name.length; i++) {
    const k = name.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const hex = [h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1].map((h) => (h >>> 0).toString(16).padStart(8, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
