// The site header (spec §2.4): home link, search (inline on desktop, a toggle on phones),
// Build Apps, and log in / sign up or the avatar menu. Server-rendered into the root's Island
// (Header.server.ts): markup only; app/components/chrome.ts adds the behaviour and keeps what
// depends on the address (current links, log in/out return addresses, the search text) in step.
import type { SideNav } from "~/lib/side-nav";
import type { PublicConfig } from "~/lib/config.server";
import { loginHref, NEW_TAB_HINT_ID, useCurrentAddress } from "./auth-links";
import { AvatarMenu, type SessionUser } from "./AvatarMenu";
import { iconButton } from "./Button.css";
import { LogoMark, SearchIcon } from "./Icons";
import { MobileDrawer } from "./MobileDrawer";
import { SignUpLink } from "./SignUpLink";
import { SearchForm } from "./SearchForm";
import * as s from "./Header.css";
import { ISLAND_LINK } from "./island-link";

type HeaderProps = {
  config: PublicConfig;
  nav: SideNav;
  showSearch?: boolean;
  searchQuery?: string;
  isHome?: boolean;
  user?: SessionUser | null;
  /** The phone menu's link groups, rendered ahead on the server (Header.server.tsx). */
  drawerGroupsHtml?: string;
};

/** The header's content; the <header> element around it is the root's Island. */
export function HeaderContent({ config, nav, showSearch = true, searchQuery = "", isHome = false, user = null, drawerGroupsHtml }: HeaderProps) {
  const last = useCurrentAddress();
  return (
    <div className={s.inner}>
      <MobileDrawer nav={nav} groupsHtml={drawerGroupsHtml} config={config} user={user} className={s.phoneOnly} />
      <a href="/" className={s.home} aria-current={isHome ? "page" : undefined} {...ISLAND_LINK} data-home="">
        <LogoMark className={s.logo} />
        <span className={s.homeText}>
          <span className={s.productWord}>{config.productName} </span>
          <span className={s.hubWord}>App Hub</span>
        </span>
      </a>
      {showSearch ? (
        <div className={s.searchDesktop}>
          <SearchForm defaultValue={searchQuery} />
        </div>
      ) : null}
      <div className={s.actions}>
        {showSearch ? <SearchToggle searchQuery={searchQuery} /> : null}
        <span className={s.desktopOnly}>
          <a href={config.developerSiteUrl} className={s.textLink}>
            Build Apps
          </a>
        </span>
        {user ? (
          <AvatarMenu user={user} />
        ) : (
          <>
            <a href={loginHref(last)} className={s.textLink} data-return="/auth">
              Log in
            </a>
            <span className={s.desktopOnly}>
              <SignUpLink href={config.freeTrialUrl} />
            </span>
          </>
        )}
        <span id={NEW_TAB_HINT_ID} hidden>
          Opens in a new tab
        </span>
      </div>
    </div>
  );
}

/** Phones: the search box folds behind an icon button; a <details> so it works without JavaScript. */
function SearchToggle({ searchQuery }: { searchQuery: string }) {
  return (
    <details className={`${s.searchToggle} ${s.phoneOnly}`} data-dismiss="" data-focus-on-open="input">
      <summary className={`${iconButton} ${s.toggleSummary}`} aria-label="Search">
        <SearchIcon />
      </summary>
      <div className={s.searchPanel}>
        <SearchForm defaultValue={searchQuery} />
      </div>
    </details>
  );
}
