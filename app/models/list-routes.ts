// The one table that maps each list route (spec §2.1) to its query. List route modules stay thin:
// they look their path up here and hand the query to the catalogue.
import type { AppStatus, AppType, Collection, ProductType } from "./enums";
import { PARTNER_CATEGORY_API_ID } from "./enums";

export type ListRoute = {
  path: string;
  title: string;
  description: string;
  query: {
    status?: AppStatus;
    productType?: ProductType;
    appType?: AppType;
    categoryApiId?: string;
    collection?: Collection;
    isFeatured?: boolean;
  };
  /** Product routes take an optional `/{category}` segment. */
  acceptsCategory?: boolean;
  /** App-type routes that exist only when a portal setting is on. */
  requires?: "embeddedApps" | "serviceApps";
  /**
   * The content entry that curates this list (docs/decisions/007): its title, description and apps
   * win; without an entry the page falls back to `query` (the catalogue's own curation).
   */
  content?: "coming-soon" | "getting-started-collection" | "hybrid-collection";
  /** The sort without ?sort= (spec §4: coming soon sorts by title). */
  defaultSort?: "a-z";
};

const list = <T extends Record<string, Omit<ListRoute, "path">>>(t: T) =>
  Object.fromEntries(Object.entries(t).map(([path, r]) => [path, { ...r, path }])) as {
    [K in keyof T]: ListRoute;
  };

// Pure: browser bundles import this module for the nav tables only, and drop the unused table.
export const LIST_ROUTES = /* @__PURE__ */ list({
  "brand-new": {
    title: "What's New",
    description: "The newest apps in the App Hub, most recent first.",
    query: {},
  },
  "partner-solutions": {
    title: "Partner Solutions",
    description: "Solutions sold and supported by our partners.",
    query: { categoryApiId: PARTNER_CATEGORY_API_ID },
  },
  "must-try": {
    title: "Most Popular",
    description: "Apps people keep coming back to.",
    query: { isFeatured: true },
  },
  "hybrid-work": {
    title: "Hybrid Work",
    description: "Apps that bring people together, wherever they work.",
    query: { collection: "hybrid_work" },
    content: "hybrid-collection",
  },
  "getting-started": {
    title: "Getting Started",
    description: "Apps to start with if you are new to the App Hub.",
    query: { collection: "getting_started" },
    content: "getting-started-collection",
  },
  "coming-soon": {
    title: "Coming Soon",
    description: "Apps that will be available shortly.",
    query: { status: "coming_soon" },
    content: "coming-soon",
    defaultSort: "a-z",
  },
  meetings: {
    title: "Meetings",
    description: "Apps that work inside your meetings.",
    query: { productType: "meetings" },
    acceptsCategory: true,
  },
  messaging: {
    title: "Messaging",
    description: "Bots and integrations for your spaces and messages.",
    query: { productType: "teams" },
    acceptsCategory: true,
  },
  calling: {
    title: "Calling",
    description: "Apps for calling.",
    query: { productType: "calling" },
    acceptsCategory: true,
  },
  "contact-center": {
    title: "Contact Center",
    description: "Apps for contact centers and customer care.",
    query: { productType: "contact_center" },
    acceptsCategory: true,
  },
  rooms: {
    title: "Rooms",
    description: "Apps for meeting rooms and their devices.",
    query: { productType: "rooms" },
    acceptsCategory: true,
  },
  devices: {
    title: "Devices",
    description: "Apps for desk, room and board devices.",
    query: { productType: "rooms" },
    acceptsCategory: true,
  },
  "embedded-apps": {
    title: "Embedded Apps",
    description: "Apps that open right inside meetings and spaces.",
    query: { appType: "embeddedApp" },
    requires: "embeddedApps",
  },
  integrations: {
    title: "Integrations",
    description: "Connect the tools you already use.",
    query: { appType: "integration" },
  },
  bots: {
    title: "Bots",
    description: "Bots you can add to a space or a direct message.",
    query: { appType: "bot" },
  },
  skills: {
    title: "Skills",
    description: "Skills for the assistant on your devices.",
    query: { appType: "skill" },
  },
  "service-apps": {
    title: "Service Apps",
    description: "Apps that act on behalf of your organisation.",
    query: { appType: "serviceApp" },
    requires: "serviceApps",
  },
});

export type ListRouteName = keyof typeof LIST_ROUTES;

export function findListRoute(path: string): ListRoute | undefined {
  return Object.hasOwn(LIST_ROUTES, path) ? LIST_ROUTES[path as ListRouteName] : undefined;
}

/** The product routes in side-nav order (spec §2.3), with the category type each needs. */
export const PRODUCT_NAV = [
  { path: "meetings", label: "Meetings", categoryType: "meetings" },
  { path: "messaging", label: "Messaging", categoryType: "teams" },
  { path: "calling", label: "Calling", categoryType: "calling" },
  { path: "contact-center", label: "Contact Center", categoryType: "contact_center" },
  { path: "devices", label: "Devices", categoryType: "rooms" },
] as const;

export const FEATURED_NAV = [
  { path: "getting-started", label: "Getting started" },
  { path: "must-try", label: "Most popular" },
  { path: "brand-new", label: "What's New" },
  { path: "partner-solutions", label: "Partner Solutions" },
  { path: "hybrid-work", label: "Hybrid work" },
] as const;

export const APP_TYPE_NAV = [
  { path: "embedded-apps", label: "Embedded Apps", requires: "embeddedApps" },
  { path: "integrations", label: "Integrations" },
  { path: "bots", label: "Bots" },
  { path: "skills", label: "Skills" },
  { path: "service-apps", label: "Service Apps", requires: "serviceApps" },
] as const;
