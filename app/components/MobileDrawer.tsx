// The phone menu (spec §2.4): user details, My Integrations, collapsible link groups and log in/out.
// A <details>, so it opens without JavaScript; with it, it closes on navigation and Escape
// (app/components/chrome.ts: the header is server-rendered markup, app/components/Island.tsx).
import { useLocation } from "@remix-run/react";
import type { PublicConfig } from "~/lib/config.server";
import type { NavLink as NavItem, SideNav } from "~/lib/side-nav";
import { logoutHref, MY_INTEGRATIONS_PATH, useCurrentAddress } from "./auth-links";
import type { SessionUser } from "./AvatarMenu";
import { buttonStyles, iconButton } from "./Button.css";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "./Icons";
import { NavAnchor } from "./NavAnchor";
import { SignUpLink } from "./SignUpLink";
import * as s from "./MobileDrawer.css";

/** Spec §2.4 lists the drawer's featured links by these names, in this order. */
const DRAWER_FEATURED: readonly NavItem[] = [
  { to: "/brand-new", label: "Brand new" },
  { to: "/partner-solutions", label: "Partner solutions" },
  { to: "/must-try", label: "Most popular" },
  { to: "/hybrid-work", label: "Hybrid work" },
];

type MobileDrawerProps = {
  nav: SideNav;
  /** The link groups' HTML, rendered ahead on the server (drawerGroupsHtml in Header.server.tsx). */
  groupsHtml?: string;
  config: PublicConfig;
  user?: SessionUser | null;
  className?: string;
};

export function MobileDrawer({ nav, groupsHtml, config, user = null, className }: MobileDrawerProps) {
  const last = useCurrentAddress();
  const pathname = useLocation().pathname;

  return (
    <details className={className ? `${s.root} ${className}` : s.root} data-dismiss="">
      <summary className={iconButton} aria-label="Menu">
        <MenuIcon className={s.menuIcon} />
        <CloseIcon className={s.closeIcon} />
      </summary>
      <nav className={s.panel} aria-label="Menu">
        {user ? (
          <div className={s.user}>
            <p className={s.userName}>{user.displayName}</p>
            <p className={s.userEmail}>{user.email}</p>
            <NavAnchor to={MY_INTEGRATIONS_PATH} pathname={pathname} className={s.primaryLink}>
              {`My ${config.productName} Integrations`}
            </NavAnchor>
            {user.publisherMember ? (
              <NavAnchor to="/publisher" pathname={pathname} className={s.primaryLink}>
                Publisher console
              </NavAnchor>
            ) : null}
          </div>
        ) : null}
        {groupsHtml !== undefined ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the link groups React rendered on the server (escaped), kept per side nav
          <div className={s.groups} dangerouslySetInnerHTML={{ __html: groupsHtml }} />
        ) : (
          <div className={s.groups}>
            <DrawerGroups nav={nav} pathname={pathname} />
          </div>
        )}
        <div className={s.actions}>
          <a href={config.developerSiteUrl} className={buttonStyles.secondary}>
            Build Apps
          </a>
          {user ? (
            <a href={logoutHref(last)} className={buttonStyles.secondary} data-return="/logout">
              Log out
            </a>
          ) : (
            <SignUpLink href={config.freeTrialUrl} />
          )}
        </div>
      </nav>
    </details>
  );
}

/** The drawer's link groups; no router hooks, so the server can render them ahead. */
export function DrawerGroups({ nav, pathname }: { nav: SideNav; pathname: string }) {
  const featuredPaths = new Set(nav.featured.map((link) => link.to));
  const featured = DRAWER_FEATURED.filter((link) => featuredPaths.has(link.to));
  return (
    <>
      <LinkGroup title="Categories" links={nav.categories} pathname={pathname} />
      <LinkGroup title="Featured apps" links={featured} pathname={pathname} />
      <LinkGroup title="Products" links={nav.products} pathname={pathname} />
      <LinkGroup title="App Type" links={nav.appTypes} pathname={pathname} />
    </>
  );
}

function LinkGroup({ title, links, pathname }: { title: string; links: readonly NavItem[]; pathname: string }) {
  if (links.length === 0) return null;
  return (
    <details className={s.group}>
      <summary className={s.groupSummary}>
        {title}
        <ChevronDownIcon className={s.chevron} />
      </summary>
      <ul role="list" className={s.list}>
        {links.map((link) => (
          <li key={link.to}>
            <NavAnchor to={link.to} pathname={pathname} className={s.link}>
              {link.label}
            </NavAnchor>
          </li>
        ))}
      </ul>
    </details>
  );
}
