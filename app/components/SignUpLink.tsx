// 'Sign up' (spec §2.4): the external free-trial page, in a new tab, announced as such. Used by the
// header on desktop and by the mobile drawer.
import { NEW_TAB_HINT_ID } from "./auth-links";
import { buttonStyles } from "./Button.css";

export function SignUpLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_HINT_ID} className={buttonStyles.primary}>
      Sign up
    </a>
  );
}
