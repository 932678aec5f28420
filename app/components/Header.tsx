// The site header (spec §2.4): home link, search (inline on desktop, a toggle on phones),
// Build Apps, and log in / sign up or the avatar menu.
import { Link } from "@remix-run/react";
import { useRef } from "react";
import type { SideNav } from "~/lib/side-nav";
import type { PublicConfig } from "~/lib/config.server";
import { loginHref, NEW_TAB_HINT_ID, useCurrentAddress } from "./auth-links";
import { AvatarMenu, type SessionUser } from "./AvatarMenu";
import { iconButton } from "./Button.css";
import { useDetailsDismiss } from "./details-dismiss";
import { LogoMark, SearchIcon } from "./Icons";
import { MobileDrawer } from "./MobileDrawer";
import { SignUpLink } from "./SignUpLink";
import { SearchForm } from "./SearchForm";
import * as s from "./Header.css";

type HeaderProps = {
  config: PublicConfig;
  nav: SideNav;
  showSearch?: boolean;
  searchQuery?: string;
  isHome?: boolean;
  user?: SessionUser | null;
};

export function Header({ config, nav, showSearch = true, searchQuery = "", isHome = false, user = null }: HeaderProps) {
  const last = useCurrentAddress();
  return (
    <header className={s.header}>
      <div className={s.inner}>
        <MobileDrawer nav={nav} config={config} user={user} className={s.phoneOnly} />
        <Link to="/" className={s.home} aria-current={isHome ? "page" : undefined}>
          <LogoMark className={s.logo} />
          <span className={s.homeText}>
            <span className={s.productWord}>{config.productName} </span>
            <span className={s.hubWord}>App Hub</span>
          </span>
        </Link>
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
              <a href={loginHref(last)} className={s.textLink}>
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
    </header>
  );
}

/** Phones: the search box folds behind an icon button; a <details> so it works without JavaScript. */
function SearchToggle({ searchQuery }: { searchQuery: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useDetailsDismiss(ref);
  return (
    <details
      ref={ref}
      className={`${s.searchToggle} ${s.phoneOnly}`}
      onToggle={(event) => {
        if (event.currentTarget.open) inputRef.current?.focus();
      }}
    >
      <summary className={`${iconButton} ${s.toggleSummary}`} aria-label="Search">
        <SearchIcon />
      </summary>
      <div className={s.searchPanel}>
        <SearchForm defaultValue={searchQuery} inputRef={inputRef} />
      </div>
    </details>
  );
}
