import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "../../../styles/theme.css";

export const banner = style({
  background: vars.color.brandSubtle,
  color: vars.color.text,
  borderBottom: `1px solid ${vars.color.border}`,
});

// The same strip as the test-environment bar: one layout for both top-of-page notices.
export { inner } from "../../components/TestEnvironmentBar.css";

export const text = style({ flex: "1 1 auto", minWidth: 0, overflowWrap: "anywhere" });
globalStyle(`${text} p`, { margin: 0 });
globalStyle(`${text} a`, { color: vars.color.brandStrong, fontWeight: vars.fontWeight.semibold });

// The entry has a desktop and a mobile text (spec §3); CSS shows one, so no script decides.
export const desktop = style({ display: "none", "@media": { [mq.tablet]: { display: "block" } } });
export const mobile = style({ "@media": { [mq.tablet]: { display: "none" } } });

export const form = style({ flexShrink: 0 });

export const close = style({
  color: vars.color.text,
  selectors: { "&:hover": { background: "rgba(11, 92, 173, 0.12)" } },
});
