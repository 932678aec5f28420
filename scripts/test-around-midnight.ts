// `node scripts/test-around-midnight.ts [vitest options]`: the unit and integration tiers twice,
// with every test file's clock started 15 s before the last UTC midnight of this month and then 15 s
// after it (test/test-clock.ts; issue 46). A test that builds its moments from "now" and expects
// them on today's date fails in one of the two, whatever the hour CI runs at. `npm test` runs this
// in place of the tiers' plain runs: two fixed moments say more than whatever the machine's clock
// happens to read (docs/decisions/059).
import { spawnSync } from "node:child_process";
import { aroundMidnight, TEST_CLOCK_ENV } from "../test/test-clock.ts";

const moments = aroundMidnight(new Date());
for (const [when, at] of [
  ["just before midnight", moments.before],
  ["just after midnight", moments.after],
] as const) {
  console.log(`\n▶ Unit and integration tiers ${when} UTC: ${TEST_CLOCK_ENV}=${at}\n`);
  const run = spawnSync("npx", ["vitest", "run", "--project", "unit", "--project", "integration", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, [TEST_CLOCK_ENV]: at },
  });
  if (run.status !== 0) {
    console.error(`\nThe tests failed ${when} UTC (${TEST_CLOCK_ENV}=${at}). Run them again at that moment with:\n  ${TEST_CLOCK_ENV}=${at} npx vitest run <file>`);
    process.exit(run.status ?? 1);
  }
}
