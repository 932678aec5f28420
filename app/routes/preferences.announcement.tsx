// Closing the announcement banner (spec §4): stores the banner's publish time in hd_an_bnr_dp.
// A plain form post (Post/Redirect/Get) without JavaScript; a fetcher with it. /preferences/* posts
// carry no CSRF token by design (app/auth/csrf.server.ts); cross-site posts are refused by the Worker.
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { closeBannerAction } from "~/features/announcement/preferences.server";

export const action = ({ request }: ActionFunctionArgs) => closeBannerAction(request);

export const loader = () => redirect("/");
