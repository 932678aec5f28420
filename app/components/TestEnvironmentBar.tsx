// The test-environment warning bar (spec §2.4). Closing it is remembered for the browser session:
// without JavaScript the form posts and the server remembers it; with it, the bar hides at once
// and sessionStorage remembers it too.
import { useFetcher } from "@remix-run/react";
import { useEffect, useLayoutEffect, useState } from "react";
import { iconButton } from "./Button.css";
import { CloseIcon } from "./Icons";
import * as s from "./TestEnvironmentBar.css";

export const TEST_BAR_HIDDEN_KEY = "isAlertTestHidden";
export const TEST_BAR_ACTION = "/preferences/test-environment-bar";

// useLayoutEffect warns during server rendering; it only matters in the browser, to avoid a flash.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

function readHidden(): boolean {
  try {
    return sessionStorage.getItem(TEST_BAR_HIDDEN_KEY) === "true";
  } catch {
    return false;
  }
}

function rememberHidden() {
  try {
    sessionStorage.setItem(TEST_BAR_HIDDEN_KEY, "true");
  } catch {
    // Storage can be disabled; the server-side preference still applies.
  }
}

type TestEnvironmentBarProps = { productName: string; productionUrl: string; returnTo: string };

export function TestEnvironmentBar({ productName, productionUrl, returnTo }: TestEnvironmentBarProps) {
  const fetcher = useFetcher();
  const [hidden, setHidden] = useState(false);
  const [enhanced, setEnhanced] = useState(false);

  useBrowserLayoutEffect(() => {
    setEnhanced(true);
    if (readHidden()) setHidden(true);
  }, []);

  if (hidden) return null;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled region outside the page's sections, on purpose a div
    <div role="region" aria-label="Test environment" className={s.bar}>
      <div className={s.inner}>
        <p className={s.text}>
          <strong>Test Environment.</strong>
          {` You are currently using the ${productName} test environment. Please visit `}
          <a href={productionUrl} className={s.link}>
            {productName}
          </a>
          {" to view production apps."}
        </p>
        <fetcher.Form
          method="post"
          action={TEST_BAR_ACTION}
          className={s.form}
          onSubmit={() => {
            rememberHidden();
            setHidden(true);
          }}
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          {/* Tells the action to answer with data instead of redirecting (no navigation, no scroll jump). */}
          {enhanced ? <input type="hidden" name="enhanced" value="true" /> : null}
          <button type="submit" aria-label="Close test environment warning" className={`${iconButton} ${s.close}`}>
            <CloseIcon />
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
