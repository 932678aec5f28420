// Closing a CMS modal (spec §4): stores the modal's publish time in a cookie keyed by its modal_id.
// A plain form post (Post/Redirect/Get) without JavaScript; a fetcher with it. /preferences/* posts
// carry no CSRF token by design (app/auth/csrf.server.ts); cross-site posts are refused by the Worker.
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { closeModalAction } from "~/features/announcement/preferences.server";

export const action = ({ request }: ActionFunctionArgs) => closeModalAction(request);

export const loader = () => redirect("/");
