// The phone menu (spec §2.4): user details, My Integrations, collapsible link groups and log in/out.
// A <details>, so it opens without JavaScript; with it, it closes on navigation and Escape
// (app/components/chrome.ts: the header is server-rendered markup, app/components/Island.tsx).
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
  config: PublicConfig;
  user?: SessionUser | null;
  className?: string;
};

export function MobileDrawer({ nav, config, user = null, className }: MobileDrawerProps) {
  const last = useCurrentAddress();
  const featuredPaths = new Set(nav.featured.map((link) => link.to));
  const featured = DRAWER_FEATURED.filter((link) => featuredPaths.has(link.to));

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
            <NavAnchor to={MY_INTEGRATIONS_PATH} className={s.primaryLink}>
              {`My ${config.productName} Integrations`}
            </NavAnchor>
          </div>
        ) : null}
        <LinkGroup title="Categories" links={nav.categories} />
        <LinkGroup title="Featured apps" links={featured} />
        <LinkGroup title="Products" links={nav.products} />
        <LinkGroup title="App Type" links={nav.appTypes} />
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

function LinkGroup({ title, links }: { title: string; links: readonly NavItem[] }) {
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
            <NavAnchor to={link.to} className={s.link}>
              {link.label}
            </NavAnchor>
          </li>
        ))}
      </ul>
    </details>
  );
}

