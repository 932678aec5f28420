// The logged-in user's avatar and its popover (spec §2.4): name, e-mail, My Integrations, Log out.
import { displayImageUrl } from "~/lib/image-url";
import { logoutHref, MY_INTEGRATIONS_PATH, useCurrentAddress } from "./auth-links";
import { visuallyHidden } from "../../styles/global.css";
import * as s from "./AvatarMenu.css";

export type { HeaderUser as SessionUser } from "~/auth/user";
import type { HeaderUser as SessionUser } from "~/auth/user";
import { ISLAND_LINK } from "./island-link";

/** Initials of the first two words of the display name. */
export function initials(displayName: string): string {
  return displayName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join("")
    .toUpperCase();
}

export function Avatar({ user, large = false }: { user: SessionUser; large?: boolean }) {
  const className = large ? `${s.avatar} ${s.avatarLarge}` : s.avatar;
  return user.avatarUrl ? (
    <img src={displayImageUrl(user.avatarUrl)} alt="" width={48} height={48} className={className} />
  ) : (
    <span className={className} aria-hidden="true">
      {initials(user.displayName)}
    </span>
  );
}

/** Markup only: app/components/chrome.ts closes it on Escape, outside clicks, navigation, and 200 ms
 * after the pointer leaves it (spec §2.4). */
export function AvatarMenu({ user }: { user: SessionUser }) {
  const last = useCurrentAddress();
  return (
    <details className={s.root} data-dismiss="" data-hover-hide="">
      <summary className={s.summary}>
        <Avatar user={user} />
        <span className={visuallyHidden}>{`Account: ${user.displayName}`}</span>
      </summary>
      <div className={s.popover}>
        <div className={s.identity}>
          <Avatar user={user} large />
          <div>
            <p className={s.name}>{user.displayName}</p>
            <p className={s.email}>{user.email}</p>
          </div>
        </div>
        <div className={s.divider}>
          <a href={MY_INTEGRATIONS_PATH} className={s.menuLink} {...ISLAND_LINK}>
            My Integrations
          </a>
          {user.publisherMember ? (
            <a href="/publisher" className={s.menuLink}>
              Publisher console
            </a>
          ) : null}
          {user.orgAdmin ? (
            <a href="/admin/organisation" className={s.menuLink}>
              Organisation apps
            </a>
          ) : null}
          {user.moderator ? (
            <>
              <a href="/admin/review" className={s.menuLink}>
                Review queue
              </a>
              <a href="/admin/publisher-members" className={s.menuLink}>
                Publisher members
              </a>
              <a href="/admin/moderation" className={s.menuLink}>
                Moderation
              </a>
              <a href="/admin/insights" className={s.menuLink}>
                Insights
              </a>
            </>
          ) : null}
          <a href={logoutHref(last)} className={s.menuLink} data-return="/logout">
            Log out
          </a>
        </div>
      </div>
    </details>
  );
}
