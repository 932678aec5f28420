// Shapes the catalogue returns to routes and the API (spec §3), shared with the browser.
import type { AppContext, AppStatus, AppType, CategoryType, ProductType } from "./enums";

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
};

export type AppPage = { items: AppSummary[]; total: number };
