// What the organisation policy cannot do (issue 29 item 8; docs/decisions/035), said where admins decide.
import * as s from "./OrgPolicy.css";

export function HonestLimits({ productName }: { productName: string }) {
  return (
    <aside className={s.limits} aria-labelledby="limits-title">
      <h2 id="limits-title" className={s.sectionTitle}>
        What this can and cannot do
      </h2>
      <p>
        These decisions apply in the App Hub: adding a bot, connecting an integration, making webhooks and following apps here. The App Hub cannot stop an installation made outside
        it, in {productName} itself or on a vendor's own website. To turn a bot off for everyone, use {productName}'s own administrator settings.
      </p>
      <p>
        Who counts as an administrator is {productName}'s word: its full administrators of your organisation, checked again each time you open or change this page. Requests go to
        the administrators who have logged in to the App Hub, or to the space you choose.
      </p>
    </aside>
  );
}
