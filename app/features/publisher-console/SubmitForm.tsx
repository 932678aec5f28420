// The console's submission forms (./submit-page.server.ts): a new app, a new version, a listing
// change. "Preview" shows the listing as it will look and the review queue's own diff
// (SubmissionDiff); "Send for review" then sends the same fields. What was typed stays in the form,
// and each problem shows under its field (and in a summary at the top that links to it).
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { FieldError } from "~/components/FieldError";
import * as f from "~/components/FormField.css";
import { describedBy, FieldHint, InputField, SelectField, TextareaField } from "~/components/FormFields";
import { SubmissionDiff } from "~/features/review-queue/ReviewQueuePage";
import { APP_TYPE_LABELS, APP_TYPES, PRODUCT_TYPE_LABELS, PRODUCT_TYPES } from "~/models/enums";
import { CERTIFICATION_LABELS, CERTIFICATIONS, DATA_REGION_LABELS, DATA_REGIONS } from "~/models/security-facts";
import { KIND_LABELS } from "./ConsolePages";
import * as s from "./PublisherConsole.css";
import type { SubmitPageData } from "./submit-page.server";
import { FIELD_LABELS, type FieldErrors, type FormValues, many, one, SECURITY_FIELDS } from "./submission-forms";

const idOf = (name: string) => `field-${name.replace(/\./g, "-")}`;

type FieldProps = { name: string; label: string; values: FormValues; errors: FieldErrors; hint?: string };

/** What aria-describedby names for field `name`: its hint (when it has one) and its problem (when it has one). */
const notesOf = (name: string, errors: FieldErrors, hint?: string) => describedBy(idOf(name), Boolean(hint), Boolean(errors[name]));

const Hint = ({ name, hint }: { name: string; hint?: string }) => <FieldHint id={idOf(name)} hint={hint} />;

/** The shared field's parts for field `name` of this form: its id, label, kept value and problem. */
const fieldOf = ({ name, label, values, errors, hint }: FieldProps) => ({ id: idOf(name), name, label, defaultValue: one(values, name), error: errors[name], hint });

function TextField({ type = "text", multiline = false, ...field }: FieldProps & { type?: string; multiline?: boolean }) {
  return <div className={f.form}>{multiline ? <TextareaField rows={5} {...fieldOf(field)} /> : <InputField type={type} {...fieldOf(field)} />}</div>;
}

function Choices({
  name,
  legend,
  options,
  values,
  errors,
  type = "checkbox",
  hint,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  values: FormValues;
  errors: FieldErrors;
  type?: "checkbox" | "radio";
  hint?: string;
}) {
  const chosen = type === "checkbox" ? many(values, name) : [one(values, name)];
  return (
    <fieldset className={s.fieldset} id={idOf(name)} aria-invalid={errors[name] ? true : undefined} aria-describedby={notesOf(name, errors, hint)}>
      <legend className={s.legend}>{legend}</legend>
      <Hint name={name} hint={hint} />
      <div className={s.choices}>
        {options.map((o) => (
          <label key={o.value} className={s.choice}>
            <input type={type} name={name} value={o.value} defaultChecked={chosen.includes(o.value)} /> {o.label}
          </label>
        ))}
      </div>
      <FieldError id={`${idOf(name)}-error`} message={errors[name]} />
    </fieldset>
  );
}

function Select({ options, ...field }: FieldProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <div className={f.form}>
      <SelectField {...fieldOf(field)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

const YES_NO = [
  { value: "", label: "Not stated" },
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

function SecurityFields({ values, errors }: { values: FormValues; errors: FieldErrors }) {
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>Security facts</legend>
      <Choices
        name={SECURITY_FIELDS.dataRegions}
        legend="Where data is kept"
        options={DATA_REGIONS.map((r) => ({ value: r, label: DATA_REGION_LABELS[r] }))}
        values={values}
        errors={errors}
      />
      <Choices
        name={SECURITY_FIELDS.certifications}
        legend="Certifications"
        options={CERTIFICATIONS.map((c) => ({ value: c, label: CERTIFICATION_LABELS[c] }))}
        values={values}
        errors={errors}
      />
      <TextField
        name={SECURITY_FIELDS.dataRetention}
        label="Data retention"
        values={values}
        errors={errors}
        hint="How long you keep people's data, in a sentence or two."
        multiline
      />
      <Choices name={SECURITY_FIELDS.aiUsesMessageContent} legend="AI uses message content" type="radio" options={YES_NO} values={values} errors={errors} />
      <Choices name={SECURITY_FIELDS.aiTrainsModels} legend="AI models are trained on message content" type="radio" options={YES_NO} values={values} errors={errors} />
      <TextField
        name={SECURITY_FIELDS.subProcessors}
        label="Sub-processors"
        values={values}
        errors={errors}
        hint="One a line: name; purpose; country (the country may be left out)."
        multiline
      />
      <TextField name={SECURITY_FIELDS.securityContact} label="Security contact" values={values} errors={errors} hint="An e-mail address or an https URL." />
    </fieldset>
  );
}

function PermissionFields({ data }: { data: SubmitPageData }) {
  const { values, errors, permissionOptions, kind } = data;
  const groups = kind === "draft" ? [...new Set(permissionOptions.map((p) => p.kind))] : ["all"];
  const KIND_WORDS: Record<string, string> = {
    scope: "Integrations and service apps (OAuth scopes)",
    bot: "Bots",
    embedded: "Embedded apps",
    skill: "Skills",
    all: "What the app asks for",
  };
  return (
    <fieldset className={s.fieldset} id={idOf("permissions")} aria-describedby={notesOf("permissions", errors, "permissions")}>
      <legend className={s.legend}>Permissions</legend>
      <p id={`${idOf("permissions")}-hint`} className={f.hint}>
        {kind === "draft" ? "Choose only those of your app's type." : "All the permissions this version asks for. New ones are asked of people again, and the preview shows them."}
      </p>
      {groups.map((g) => (
        <div key={g} className={f.form}>
          {kind === "draft" ? <p className={f.label}>{KIND_WORDS[g]}</p> : null}
          <div className={s.column}>
            {permissionOptions
              .filter((p) => g === "all" || p.kind === g)
              .map((p) => (
                <label key={p.key} className={s.choice}>
                  <input type="checkbox" name="permissions" value={p.key} defaultChecked={many(values, "permissions").includes(p.key)} /> {p.label}
                  {p.group === "admin" ? " (administrator)" : ""}
                </label>
              ))}
          </div>
        </div>
      ))}
      <FieldError id={`${idOf("permissions")}-error`} message={errors.permissions} />
    </fieldset>
  );
}

const GROUP_LABELS: Record<string, string> = { ...PRODUCT_TYPE_LABELS, appContext: "Where it works" };

/** Categories by product: several products have a category of the same name. */
function CategoryFields({ data }: { data: SubmitPageData }) {
  const { values, errors } = data;
  const chosen = many(values, "categoryIds");
  const groups = [...new Set(data.categories.map((c) => c.group))];
  return (
    <fieldset className={s.fieldset} id={idOf("categoryIds")} aria-invalid={errors.categoryIds ? true : undefined} aria-describedby={notesOf("categoryIds", errors, "hint")}>
      <legend className={s.legend}>Categories</legend>
      <Hint name="categoryIds" hint="One to ten, in the products the app works in." />
      {groups.map((g) => (
        <fieldset key={g} className={s.subFieldset}>
          <legend className={f.label}>{GROUP_LABELS[g] ?? g}</legend>
          <div className={s.choices}>
            {data.categories
              .filter((c) => c.group === g)
              .map((c) => (
                <label key={c.id} className={s.choice}>
                  <input type="checkbox" name="categoryIds" value={c.id} defaultChecked={chosen.includes(c.id)} /> {c.name}
                </label>
              ))}
          </div>
        </fieldset>
      ))}
      <FieldError id={`${idOf("categoryIds")}-error`} message={errors.categoryIds} />
    </fieldset>
  );
}

function VersionFields({ data }: { data: SubmitPageData }) {
  const { values, errors } = data;
  return (
    <>
      <TextField name="version" label="Version" values={values} errors={errors} hint="For example 2.4.1. It is released when a hub admin approves it." />
      <TextField name="releaseNotes" label="Release notes" values={values} errors={errors} hint="Markdown. Followers of the app get them." multiline />
      <PermissionFields data={data} />
      <TextField name="screenshots" label="Screenshots" values={values} errors={errors} hint="https addresses of images, one a line, at most 10." multiline />
      <SecurityFields values={values} errors={errors} />
    </>
  );
}

function ListingFields({ data }: { data: SubmitPageData }) {
  const { values, errors } = data;
  return (
    <>
      <p className={f.hint}>Only the fields you change are sent.</p>
      <TextField name="name" label="Name" values={values} errors={errors} />
      <TextField name="tagline" label="Tagline" values={values} errors={errors} />
      <TextField name="description" label="Description" values={values} errors={errors} hint="Markdown." multiline />
      <TextField name="logo" label="Logo" values={values} errors={errors} hint="An https address of the image." />
      <TextField name="screenshots" label="Screenshots" values={values} errors={errors} hint="https addresses of images, one a line, at most 10." multiline />
      <TextField name="videoUrl" label="Video" values={values} errors={errors} type="url" />
      <TextField name="websiteUrl" label="Website" values={values} errors={errors} type="url" />
      <TextField name="supportUrl" label="Support" values={values} errors={errors} type="url" />
      <TextField name="privacyUrl" label="Privacy policy" values={values} errors={errors} type="url" />
      <TextField name="termsUrl" label="Terms" values={values} errors={errors} type="url" />
      <CategoryFields data={data} />
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Deprecate</legend>
        <label className={s.choice}>
          <input type="checkbox" name="deprecate" value="yes" defaultChecked={one(values, "deprecate") === "yes"} /> Deprecate this app (lists show it only when asked; followers
          are told)
        </label>
        <TextField name="deprecation.replacement" label="Replacement (optional)" values={values} errors={errors} hint="The id or address key of the app to use instead." />
      </fieldset>
    </>
  );
}

function DraftFields({ data }: { data: SubmitPageData }) {
  const { values, errors } = data;
  return (
    <>
      <TextField name="name" label="Name" values={values} errors={errors} />
      <TextField name="friendlyId" label="Address (optional)" values={values} errors={errors} hint="Lower-case words and hyphens, e.g. acme-notes: /applications/acme-notes." />
      <Select name="type" label="Type" values={values} errors={errors} options={APP_TYPES.map((t) => ({ value: t, label: APP_TYPE_LABELS[t] }))} />
      <Select name="productType" label="Product" values={values} errors={errors} options={PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }))} />
      <CategoryFields data={data} />
      <TextField name="tagline" label="Tagline" values={values} errors={errors} />
      <TextField name="description" label="Description" values={values} errors={errors} hint="Markdown." multiline />
      <TextField name="logo" label="Logo" values={values} errors={errors} hint="An https address of the image." />
      <TextField name="screenshots" label="Screenshots (optional)" values={values} errors={errors} hint="https addresses of images, one a line, at most 10." multiline />
      <TextField name="websiteUrl" label="Website (optional)" values={values} errors={errors} type="url" />
      <TextField name="supportUrl" label="Support (optional)" values={values} errors={errors} type="url" />
      <TextField name="privacyUrl" label="Privacy policy (optional)" values={values} errors={errors} type="url" />
      <TextField name="termsUrl" label="Terms (optional)" values={values} errors={errors} type="url" />
      <TextField name="botEmail" label="Bot address (bots)" values={values} errors={errors} hint="The address people add to spaces." />
      <TextField name="clientId" label="OAuth client id (integrations)" values={values} errors={errors} />
      <TextField name="connectUrl" label="Connect page (integrations, optional)" values={values} errors={errors} hint="May contain {return_url}." />
      <label className={s.choice}>
        <input type="checkbox" name="requiresAdmin" value="yes" defaultChecked={one(values, "requiresAdmin") === "yes"} /> Only an administrator can add it
      </label>
      <PermissionFields data={data} />
      <SecurityFields values={values} errors={errors} />
      <TextField name="version.version" label="First version (optional)" values={values} errors={errors} />
      <TextField name="version.releaseNotes" label="Its release notes" values={values} errors={errors} multiline />
    </>
  );
}

function Problems({ errors }: { errors: FieldErrors }) {
  const fields = Object.keys(errors).filter((k) => k !== "form");
  if (fields.length === 0 && !errors.form) return null;
  return (
    <div role="alert" className={s.formProblem} id="form-problems" tabIndex={-1}>
      {errors.form ? <p className={s.body}>{errors.form}</p> : null}
      {fields.length > 0 ? (
        <p className={s.body}>
          Fix {fields.length === 1 ? "this field" : `these ${fields.length} fields`}:{" "}
          {fields.map((k, i) => (
            <span key={k}>
              {i > 0 ? ", " : ""}
              <a href={`#${idOf(k)}`}>{FIELD_LABELS[k] ?? k}</a>
            </span>
          ))}
          .
        </p>
      ) : null}
    </div>
  );
}

function Preview({ data }: { data: SubmitPageData }) {
  const p = data.preview!;
  return (
    <section aria-labelledby="preview-title" className={s.previewBox}>
      <h2 id="preview-title" className={s.sectionTitle}>
        Preview: what the reviewer will see
      </h2>
      <p className={s.muted}>Nothing is sent yet. Check it, then send it for review below, or change the form and preview again.</p>
      {p.listing ? (
        <section className={s.preview} aria-label="The listing as it will look">
          <div className={s.previewHead}>
            {p.listing.logo ? <img src={p.listing.logo} alt="" className={s.previewLogo} width={56} height={56} /> : null}
            <div>
              <p className={s.previewName}>{p.listing.name}</p>
              <p className={s.muted}>{p.listing.tagline}</p>
            </div>
          </div>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by micromark, which escapes raw HTML and unsafe links (app/lib/markdown.server.ts) */}
          <div className={s.previewText} dangerouslySetInnerHTML={{ __html: p.listing.descriptionHtml }} />
          {p.listing.screenshots.length > 0 ? (
            <div className={s.shots}>
              {p.listing.screenshots.map((src, i) => (
                <img key={src} src={src} alt={`Screenshot ${i + 1}`} className={s.shot} width={160} height={100} loading="lazy" />
              ))}
            </div>
          ) : null}
        </section>
      ) : null}
      <SubmissionDiff isNew={data.kind === "draft"} permissions={p.permissions} fields={p.fields} releaseNotesHtml={p.releaseNotesHtml} />
    </section>
  );
}

const TITLES = { draft: "Submit a new app", version: "Submit a new version", listing: "Change the listing" } as const;

export function SubmitPage({ data, back }: { data: SubmitPageData; back: ReactNode }) {
  const title = data.app ? `${TITLES[data.kind]} of ${data.app.name}` : TITLES[data.kind];
  return (
    <>
      <section aria-labelledby="submit-title" className={s.section}>
        <h2 id="submit-title" className={s.sectionTitle}>
          {title}
        </h2>
        <p className={s.muted}>
          {back}
          {data.app ? (
            <>
              {" · "}
              <a href={data.app.path}>The live page of {data.app.name}</a>
            </>
          ) : null}
        </p>
        <p className={s.muted}>{KIND_LABELS[data.kind]}s go to the hub's review queue. Preview first: you see the listing and the permission changes as the reviewer will.</p>
      </section>
      {data.preview ? <Preview data={data} /> : null}
      <Form method="post" className={s.form} aria-labelledby="submit-title" noValidate>
        <CsrfInput />
        <input type="hidden" name="formKey" value={data.formKey} />
        <Problems errors={data.errors} />
        {data.preview ? (
          // Preview first in the form: Enter in a field previews again, it never sends.
          <div className={s.buttons}>
            <button type="submit" name="intent" value="preview" className={buttonStyles.secondary}>
              Preview again
            </button>
            <button type="submit" name="intent" value="submit" className={buttonStyles.primary}>
              Send for review
            </button>
          </div>
        ) : null}
        {data.kind === "version" ? <VersionFields data={data} /> : data.kind === "listing" ? <ListingFields data={data} /> : <DraftFields data={data} />}
        <div className={s.buttons}>
          <button type="submit" name="intent" value="preview" className={data.preview ? buttonStyles.secondary : buttonStyles.primary}>
            {data.preview ? "Preview again" : "Preview"}
          </button>
          {data.preview ? (
            <button type="submit" name="intent" value="submit" className={buttonStyles.primary}>
              Send for review
            </button>
          ) : null}
        </div>
      </Form>
    </>
  );
}
