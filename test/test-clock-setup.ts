// Vitest set-up for the unit, integration and platform tiers: starts this file's clock at
// APP_HUB_TEST_CLOCK when it is set (test/test-clock.ts), and puts the real clock back when not.
import { installTestClock, parseTestClock, TEST_CLOCK_ENV } from "./test-clock.ts";

installTestClock(parseTestClock(process.env[TEST_CLOCK_ENV]));
