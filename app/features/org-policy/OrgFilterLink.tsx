// "Approved for my organisation" (issue 29) on list pages and search, for a member of an organisation
// that requires approval: a link that adds or removes `org=approved`, keeping the filters and the
// page's other parameters (`others`: the sort; on search also the text and its choices).
import { ISLAND_LINK } from "~/components/island-link";
import { filteredHref, type ListFilters } from "~/lib/list-filters";
import { pill } from "~/components/Pill.css";
import { ORG_FILTER_PARAM, ORG_FILTER_VALUE } from "./paths";

export function OrgFilterLink({ path, filters, others, on }: { path: string; filters: ListFilters; others: Record<string, string | null>; on: boolean }) {
  const href = filteredHref(path, filters, { ...others, [ORG_FILTER_PARAM]: on ? null : ORG_FILTER_VALUE });
  return (
    <p>
      <a {...ISLAND_LINK} href={href} className={on ? `${pill} active` : pill}>
        {on ? "✓ Approved for my organisation (show all)" : "Approved for my organisation"}
      </a>
    </p>
  );
}
