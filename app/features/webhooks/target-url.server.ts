// Where an outgoing webhook may send (docs/decisions/010): checked when it is created and again at
// every delivery. Production sends only over https and never to loopback or private addresses;
// local development (config.webhooks.allowPrivateTargets: receivers on this machine speak plain
// http) relaxes both, with the one flag that already names that relaxation.
import { isPrivateHost } from "~/lib/private-host.server";

export type TargetProblem = "unparseable" | "private" | "not-https";

export function targetProblem(url: string, allowPrivateTargets: boolean): TargetProblem | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return "unparseable";
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return "unparseable";
  if (allowPrivateTargets) return null;
  if (isPrivateHost(target.hostname)) return "private";
  // The body (a space's message) and its signature must not travel in the clear.
  if (target.protocol !== "https:") return "not-https";
  return null;
}
