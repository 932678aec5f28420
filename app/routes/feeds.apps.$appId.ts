// GET /feeds/apps/{appId}: Atom feed of one app's versions and release notes (app/features/feeds).
export { appFeedLoader as loader } from "~/features/feeds/feeds.server";
