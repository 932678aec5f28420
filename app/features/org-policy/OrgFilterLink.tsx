// "Approved for my organisation" (issue 29) on list pages, for a member of an organisation that
// requires approval: a link that adds or removes `org=approved`, keeping the sort and the filters.
import { ISLAND_LINK } from "~/components/island-link";
import { filteredHref, type ListFilters } from "~/lib/list-filters";
import { pill } from "~/components/Pill.css";

export function OrgFilterLink({ path, filters, sort, on }: { path: string; filters: ListFilters; sort: string | null; on: boolean }) {
  const href = filteredHref(path, filters, { sort, org: on ? null : "approved" });
  return (
    <p>
      <a {...ISLAND_LINK} href={href} className={on ? `${pill} active` : pill}>
        {on ? "✓ Approved for my organisation (show all)" : "Approved for my organisation"}
      </a>
    </p>
  );
}
