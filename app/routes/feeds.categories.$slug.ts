// GET /feeds/categories/{slug}: Atom feed of a category's newest apps (app/features/feeds).
export { categoryFeedLoader as loader } from "~/features/feeds/feeds.server";
