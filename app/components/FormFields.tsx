// The parts of the hub's plain forms (./FormField.css): a labelled field that keeps the value typed
// after a refused post, with its hint and its problem under it, both named by aria-describedby and
// the problem marking the field aria-invalid; and the row with the form's submit button, whose
// `intent` tells the action what was asked. Fields are fragments, so they sit in the form's grid.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { buttonStyles } from "./Button.css";
import { FieldError } from "./FieldError";
import * as f from "./FormField.css";

type FieldParts = {
  id: string;
  name: string;
  label: ReactNode;
  /** The field's problem after a refused post; shown under it. */
  error?: string | undefined;
  hint?: ReactNode;
};
/** What the control takes besides the parts above (its type, value, limits). */
type Own<T> = Omit<T, "id" | "name" | "className" | "aria-invalid" | "aria-describedby" | "children">;

/** The ids of the hint and the problem under field `id`, as aria-describedby names them. */
export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** A field's hint, under it, with the id describedBy names; nothing without one. */
export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className={f.hint}>
      {hint}
    </p>
  ) : null;
}

function Field({ id, label, error, hint, control }: Omit<FieldParts, "name"> & { control: ReactNode }) {
  return (
    <>
      <label htmlFor={id} className={f.label}>
        {label}
      </label>
      {control}
      <FieldHint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

const controlProps = ({ id, name, error, hint }: FieldParts) => ({
  id,
  name,
  className: f.field,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": describedBy(id, Boolean(hint), Boolean(error)),
});

export function InputField({ id, name, label, error, hint, ...input }: FieldParts & Own<InputHTMLAttributes<HTMLInputElement>>) {
  return <Field id={id} label={label} error={error} hint={hint} control={<input {...input} {...controlProps({ id, name, label, error, hint })} />} />;
}

export function TextareaField({ id, name, label, error, hint, ...textarea }: FieldParts & Own<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return <Field id={id} label={label} error={error} hint={hint} control={<textarea {...textarea} {...controlProps({ id, name, label, error, hint })} />} />;
}

export function SelectField({ id, name, label, error, hint, children, ...select }: FieldParts & Own<SelectHTMLAttributes<HTMLSelectElement>> & { children: ReactNode }) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={
        <select {...select} {...controlProps({ id, name, label, error, hint })}>
          {children}
        </select>
      }
    />
  );
}

/** The form's own button, on a row of its own: `intent` is what the action reads. */
export function SubmitRow({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <div>
      <button type="submit" name="intent" value={intent} className={buttonStyles.primary}>
        {children}
      </button>
    </div>
  );
}
