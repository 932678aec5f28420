// The logged-in user's avatar and its popover (spec §2.4): name, e-mail, My Integrations, Log out.
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { displayImageUrl } from "~/lib/image-url";
import { logoutHref, MY_INTEGRATIONS_PATH, useCurrentAddress } from "./auth-links";
import { useDetailsDismiss } from "./details-dismiss";
import { visuallyHidden } from "../../styles/global.css";
import * as s from "./AvatarMenu.css";

export type { HeaderUser as SessionUser } from "~/auth/user";
import type { HeaderUser as SessionUser } from "~/auth/user";

/** Spec §2.4: the popover hides 200 ms after the pointer leaves it. */
const HIDE_DELAY_MS = 200;

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

export function AvatarMenu({ user }: { user: SessionUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>();
  const last = useCurrentAddress();
  useDetailsDismiss(ref);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const cancelHide = () => clearTimeout(hideTimer.current);
  const scheduleHide = () => {
    cancelHide();
    hideTimer.current = setTimeout(() => {
      if (ref.current) ref.current.open = false;
    }, HIDE_DELAY_MS);
  };

  return (
    <details ref={ref} className={s.root} onMouseEnter={cancelHide} onMouseLeave={scheduleHide}>
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
          <Link to={MY_INTEGRATIONS_PATH} className={s.menuLink}>
            My Integrations
          </Link>
          <a href={logoutHref(last)} className={s.menuLink}>
            Log out
          </a>
        </div>
      </div>
    </details>
  );
}
