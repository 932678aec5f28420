// What the detail page's parts render, as the loader builds it (./app-detail.server.ts): one object,
// so a new part adds a field here instead of a prop through every layer. Types only: this module
// ships to the browser.
import type { PermissionGroupView } from "~/models/permissions";
import type { AppDetail } from "~/models/types";
import type { ReviewsView } from "~/features/reviews/reviews-view";
import type { FollowOffer } from "~/features/followers/follow-view";
import type { PrimaryAction } from "./offers/primary-action";
import type { OrgAdminOffer, OrgStandingView } from "~/features/org-policy/standing-view";

export type DetailPage = {
  app: AppDetail;
  /** The description, rendered safely on the server (app/lib/markdown.server.ts). */
  descriptionHtml: string;
  /** Each version's release notes, rendered the same way, in app.versions' order. */
  releaseNotesHtml: string[];
  /** The app's permissions in plain words, grouped read, write, admin. */
  permissionGroups: PermissionGroupView[];
  /** Ratings and reviews (app/features/reviews). */
  reviews: ReviewsView;
  /** What the page offers the visitor (./offers/primary-action.server.ts). */
  primary: PrimaryAction;
  /** "Follow updates", or the person's follow (app/features/followers; the same link for everyone anonymous). */
  follow: FollowOffer;
  /** Where the app stands in the person's organisation (issue 29); null when logged out or open. */
  orgStanding: OrgStandingView | null;
  /** An organisation admin's quick decisions on this app (issue 29), else null. */
  orgAdmin: OrgAdminOffer | null;
  productName: string;
};
