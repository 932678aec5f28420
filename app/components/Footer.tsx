// The site footer (spec §2.4): link groups, the disclaimer dialog, copyright and social links.
// Server-rendered only (Footer.server.ts); the browser loads this module only when a client-side
// navigation shows a footer the document did not have.
import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { RootData } from "~/root";
import { Dialog } from "./Dialog";
import { LogoMark } from "./Icons";
import * as s from "./Footer.css";

type FooterLink = { label: string; href: string };

const GROUPS: { title: string; links: FooterLink[] }[] = [
  {
    title: "Company",
    links: [
      { label: "Why", href: "https://www.lumen.example/why" },
      { label: "Download", href: "https://www.lumen.example/downloads" },
      { label: "Blog", href: "https://blog.lumen.example/" },
      { label: "Ambassadors", href: "https://www.lumen.example/ambassadors" },
      { label: "Feedback", href: "https://feedback.lumen.example/" },
    ],
  },
  {
    title: "Support",
    links: [
      { label: "Help Center", href: "https://help.lumen.example/" },
      { label: "Community", href: "https://community.lumen.example/" },
      { label: "Contact Sales", href: "https://www.lumen.example/contact-sales" },
      { label: "24/7 Support", href: "/support" },
    ],
  },
  {
    title: "Developers",
    links: [
      { label: "Submit App", href: "https://developer.lumen.example/docs/submit-app" },
      { label: "For Developers", href: "https://developer.lumen.example/" },
      { label: "API reference", href: "/developers/api" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of Service", href: "https://www.lumen.example/legal/terms" },
      { label: "Privacy Policy", href: "https://www.lumen.example/legal/privacy" },
      { label: "Privacy settings", href: "/preferences/analytics-consent" },
      { label: "Cookie Policy", href: "https://www.lumen.example/legal/cookies" },
      { label: "Trademarks", href: "https://www.lumen.example/legal/trademarks" },
    ],
  },
];

export const DISCLAIMER_DIALOG_ID = "disclaimer";

/**
 * The footer's content. The <footer> element around it is the root's Island (app/components/Island.tsx):
 * the server renders this from Footer.server.ts, the browser keeps that HTML without hydrating it.
 */
export function FooterContent({ productName, year }: { productName: string; year: number }) {
  return (
    <div className={s.inner}>
      <div className={s.top}>
        <div className={s.brand}>
          <p className={s.brandName}>
            <LogoMark size={28} className={s.logo} />
            {productName} App Hub
          </p>
          <p className={s.tagline}>Apps and integrations that work where your team already meets and messages.</p>
          <SocialLinks />
        </div>
        <nav aria-label="Footer" className={s.groups}>
          {GROUPS.map((group) => (
            <div key={group.title}>
              <h2 className={s.groupTitle}>{group.title}</h2>
              <ul role="list" className={s.list}>
                {group.links.map((link) => (
                  <li key={link.label}>
                    <a href={link.href} className={s.link}>
                      {link.label}
                    </a>
                  </li>
                ))}
                {group.title === "Legal" ? (
                  <li>
                    <Disclaimer productName={productName} />
                  </li>
                ) : null}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className={s.bottom}>{`© ${year} ${productName} Communications, Inc. All rights reserved.`}</p>
    </div>
  );
}

/** The footer rendered by React in the browser (a client-side navigation to a page with one). */
export function FooterHere() {
  const root = useRouteLoaderData<RootData>("root");
  return root ? <FooterContent productName={root.config.productName} year={root.year} /> : null;
}

function Disclaimer({ productName }: { productName: string }) {
  return (
    <Dialog id={DISCLAIMER_DIALOG_ID} title="Disclaimer" triggerLabel="Disclaimer" triggerClassName={s.link}>
      <p>{`© 1992-2024 ${productName} Communications, Inc. All rights reserved.`}</p>
      <p>
        {`Apps in the App Hub are built and supported by third-party developers, not by ${productName}. ` +
          `${productName} does not endorse these apps and makes no warranty about their content, security or availability. ` +
          "When you use a third-party app, its developer's terms of service and privacy policy apply."}
      </p>
    </Dialog>
  );
}

const SOCIAL: { label: string; href: string; icon: ReactNode }[] = [
  {
    label: "LinkedIn",
    href: "https://social.lumen.example/linkedin",
    icon: (
      <>
        <circle cx="6" cy="6" r="1.8" />
        <rect x="4.4" y="9" width="3.2" height="11" rx="0.5" />
        <path d="M10 9h3v1.6c.6-1.1 1.9-1.9 3.5-1.9 2.8 0 3.5 1.8 3.5 4.5V20h-3.2v-6c0-1.4-.4-2.4-1.7-2.4-1.4 0-2.1 1-2.1 2.6V20H10z" />
      </>
    ),
  },
  {
    label: "X",
    href: "https://social.lumen.example/x",
    icon: <path d="M4 4h4.6l3.6 5 4.2-5h2.5l-5.6 6.6L20 20h-4.6l-3.9-5.4L7 20H4.5l6-7z" />,
  },
  {
    label: "YouTube",
    href: "https://social.lumen.example/youtube",
    icon: (
      <path
        fillRule="evenodd"
        d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8A26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z"
      />
    ),
  },
  {
    label: "Facebook",
    href: "https://social.lumen.example/facebook",
    icon: <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.7c0-.9.3-1.5 1.5-1.5h1.6V4.5c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.2H8v3h2.5V21z" />,
  },
];

function SocialLinks() {
  return (
    <ul role="list" className={s.social}>
      {SOCIAL.map((item) => (
        <li key={item.label}>
          {/* biome-ignore lint/a11y/useAnchorContent: named by aria-label; the icon is decorative */}
          <a href={item.href} aria-label={item.label} className={s.socialLink}>
            <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
              {item.icon}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
