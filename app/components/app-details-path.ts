// An app's page (its own module so the search box's code does not pull in the card component).
import type { AppSummary } from "~/models/types";

export const appDetailsPath = (app: Pick<AppSummary, "id" | "friendlyId">) => `/applications/${encodeURIComponent(app.friendlyId || app.id)}`;
