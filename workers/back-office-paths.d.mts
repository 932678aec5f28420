// Types of ./back-office-paths.mjs (plain JavaScript, so remix.config.js can read it under Node).
export const BACK_OFFICE_PREFIXES: readonly string[];
export function isBackOfficeRoutePath(path: string): boolean;
type Manifest = Record<string, { id: string; path?: string; parentId?: string }>;
export function fullPathOf(manifest: Manifest, id: string): string;
export function backOfficeRouteIds(manifest: Manifest): string[];
export function appRouteManifest(): Promise<Manifest>;
