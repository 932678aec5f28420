// Every bench scenario, in the order they run and report. Adding one: a file in this folder that
// exports a `Scenario` (bench/scenario.ts), and one line below. See bench/README.md.
import type { Scenario } from "../scenario.ts";
import { d1 } from "./d1.ts";
import { fanout } from "./fanout.ts";
import { firstLoad } from "./first-load.ts";
import { flood } from "./flood.ts";
import { insights } from "./insights.ts";
import { lighthouseScenario } from "./lighthouse.ts";
import { load } from "./load.ts";
import { org } from "./org.ts";
import { relevance } from "./relevance.ts";
import { scale } from "./scale.ts";
import { soakMix } from "./soak-mix.ts";
import { startup } from "./startup.ts";

export const SCENARIOS: readonly Scenario[] = [
  // On the bench's Worker with the --apps catalogue:
  load,
  insights,
  flood,
  firstLoad,
  d1,
  scale,
  soakMix,
  // Each with a Worker of its own:
  lighthouseScenario,
  fanout,
  startup,
  relevance,
  org,
];
