// Enumerations of spec §3, shared by the server, the browser and the seed scripts.
export const APP_TYPES = ["integration", "bot", "skill", "embeddedApp", "serviceApp"] as const;
export type AppType = (typeof APP_TYPES)[number];

export const PRODUCT_TYPES = ["teams", "meetings", "calling", "rooms", "contact_center"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const CATEGORY_TYPES = [...PRODUCT_TYPES, "appContext"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const APP_CONTEXTS = ["space", "in_meeting", "call", "device", "contact_center", "sidebar"] as const;
export type AppContext = (typeof APP_CONTEXTS)[number];

export const APP_STATUSES = ["published", "coming_soon"] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

export const COLLECTIONS = ["hybrid_work", "getting_started", "contact_center"] as const;
export type Collection = (typeof COLLECTIONS)[number];

/** The partner category (spec §9); omitted from the side nav, listed at /partner-solutions. */
export const PARTNER_CATEGORY_API_ID = "partner_solutions";
/** The catch-all category, always last in the side nav. */
export const OTHER_CATEGORY_API_ID = "other";

export const APP_TYPE_LABELS: Record<AppType, string> = {
  integration: "Integration",
  bot: "Bot",
  skill: "Skill",
  embeddedApp: "Embedded App",
  serviceApp: "Service App",
};

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  teams: "Messaging",
  meetings: "Meetings",
  calling: "Calling",
  rooms: "Devices",
  contact_center: "Contact Center",
};
