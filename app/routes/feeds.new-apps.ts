// GET /feeds/new-apps: Atom feed of the newest apps (app/features/feeds).
export { newAppsFeedLoader as loader } from "~/features/feeds/feeds.server";
