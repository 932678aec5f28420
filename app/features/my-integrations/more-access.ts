// "This app now asks for more access" (issue 16; docs/decisions/027): the permissions an integration's
// current catalogue entry lists that were not listed when the person chose Connect here. The
// platform never says which scopes a grant carries, so what was asked at Connect is the only
// baseline (migration 0017). Pure, so the rule is tested on its own (more-access.test.ts).
import { isPermissionKey, PERMISSIONS, type PermissionKey, type PermissionView } from "~/models/permissions";

/**
 * Keys in `current` that `recorded` lacks, in `current`'s order, each once. Keys outside the hub's
 * vocabulary are ignored (nothing to say in plain words). `recorded` null means not known (a
 * Connect from before the hub kept it): nothing is added, as unknown is not "more".
 */
export function addedPermissions(recorded: readonly string[] | null, current: readonly string[]): PermissionKey[] {
  if (recorded === null) return [];
  const had = new Set(recorded);
  const added = new Set<PermissionKey>();
  for (const key of current) if (isPermissionKey(key) && !had.has(key)) added.add(key);
  return [...added];
}

/** The keys in plain words, with their group (admin ones are flagged where they are shown). */
export const permissionViews = (keys: readonly PermissionKey[]): PermissionView[] => keys.map((key) => ({ key, label: PERMISSIONS[key].label, group: PERMISSIONS[key].group }));
