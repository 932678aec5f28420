// A list whose items were its document's HTML (docs/decisions/023): the loader data has none. Should
// its Island render again for that data (a change of the address's #fragment only, which loads
// nothing), the list is loaded again rather than shown empty.
import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

export function LoadItems() {
  const { revalidate } = useRevalidator();
  useEffect(() => void revalidate(), [revalidate]);
  return null;
}
