// Shapes the catalogue returns to routes and the API (spec §3), shared with the browser.
import type { AppContext, AppStatus, AppType, CategoryType, ProductType } from "./enums";
import type { Freshness } from "./freshness";
import type { PermissionKey } from "./permissions";
import type { SecurityFacts } from "./security-facts";

export type Category = {
  id: string;
  apiId: string;
  slug: string;
  name: string;
  categoryType: CategoryType;
};

/** What a card in a list needs; kept small because list pages carry 32 of them. */
export type AppSummary = {
  id: string;
  friendlyId: string | null;
  name: string;
  logo: string;
  type: AppType;
  productType: ProductType;
  companyName: string;
  tagline: string;
  isFeatured: boolean;
  status: AppStatus;
  submittedAt: string;
  /** The visible reviews' average (one decimal), null without any; and their count. */
  ratingAverage: number | null;
  ratingCount: number;
  /** Active, maintained, stale or deprecated, as of the read (app/models/freshness.ts). */
  freshness: Freshness;
  publisherVerified: boolean;
  /** Present when results are sorted by relevance (spec §9: suggestions sort by _score). */
  _score?: number;
};

export type AppDetail = AppSummary & {
  clientId: string | null;
  /** The vendor's connect page (may contain {return_url}); null: connect from the vendor's website. */
  connectUrl: string | null;
  description: string;
  screenshots: string[];
  videoUrl: string | null;
  websiteUrl: string | null;
  supportUrl: string | null;
  privacyUrl: string | null;
  termsUrl: string | null;
  requiresAdmin: boolean;
  botEmail: string | null;
  updatedAt: string;
  appContexts: AppContext[];
  productTypes: ProductType[];
  categories: Category[];
  publisher: PublisherSummary;
  permissions: PermissionKey[];
  security: SecurityFacts;
  /** Releases, newest first (notes are markdown). */
  versions: AppVersion[];
  /** The latest release's date (the submission's when it has none): 'Updated N days ago'. */
  lastReleaseAt: string;
  /** A deprecated app's replacement, when its publisher named one that is listed. */
  replacement: { key: string; name: string } | null;
};

export type AppVersion = { version: string; releasedAt: string; notes: string };

export type PublisherSummary = { slug: string; name: string; domain: string | null; verifiedAt: string | null };

export type Publisher = PublisherSummary & {
  about: string | null;
  websiteUrl: string | null;
  supportUrl: string | null;
  privacyUrl: string | null;
  securityContact: string | null;
  location: string | null;
};

/**
 * A page of apps and how many match. Counts stop at a bound (issue 31, COUNT_BOUND): when
 * `totalCapped` is set, `total` is a lower bound (at least that many match; shown as "1,000+").
 */
export type AppPage = { items: AppSummary[]; total: number; totalCapped?: boolean };
