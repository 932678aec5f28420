// The hub admins' choice of a publisher in a form (/admin/publisher-tokens, /admin/publisher-members):
// every publisher by name, the one chosen kept after a refused post.
import { SelectField } from "~/components/FormFields";

export function PublisherField({
  id,
  publishers,
  chosen,
  error,
}: {
  id: string;
  publishers: readonly { slug: string; name: string }[];
  chosen: string | undefined;
  error: string | undefined;
}) {
  return (
    <SelectField id={id} name="publisher" label="Publisher" defaultValue={chosen ?? ""} required error={error}>
      <option value="">Choose a publisher</option>
      {publishers.map((p) => (
        <option key={p.slug} value={p.slug}>
          {p.name}
        </option>
      ))}
    </SelectField>
  );
}
