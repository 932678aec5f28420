// A form field's problem, under the field, with the id its aria-describedby names; nothing without one.
import * as f from "./FormField.css";

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={f.error}>
      {message}
    </p>
  ) : null;
}
