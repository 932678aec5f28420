// The API reference page's view (/developers/api): the OpenAPI document laid out to read, from
// ./reference.server.ts. Plain links and markup only: it works the same without JavaScript.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import * as s from "./ApiReferencePage.css";
import type { FieldView, OperationView, ReferenceData, ResponseView, SchemaView, TypePart } from "./reference.server";

const schemaId = (name: string) => `schema-${name}`;

/**
 * A link to a part of this page. Without JavaScript a plain fragment link; with it the router's own
 * navigation (a history entry with its key), because Remix's scroll restoration gives every entry a
 * browser's fragment link makes the same key, so a second one jumped back to where the first was.
 */
function InPage({ id, className, children }: { id: string; className: string; children: ReactNode }) {
  return (
    <Link to={{ hash: id }} className={className}>
      {children}
    </Link>
  );
}

function Type({ parts }: { parts: TypePart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.schema ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a type's words, fixed for the render
          <InPage key={i} id={schemaId(part.schema)} className={s.link}>
            {part.text}
          </InPage>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a type's words, fixed for the render
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function Fields({ fields, label }: { fields: (FieldView & { in?: string })[]; label: string }) {
  return (
    <ul className={s.fields} aria-label={label}>
      {fields.map((f) => (
        <li key={`${f.in ?? ""}:${f.name}`} className={`${s.field} ${s.fieldDepth[Math.min(f.depth, 4) as 0 | 1 | 2 | 3 | 4]}`}>
          <div className={s.fieldHead}>
            <code className={s.fieldName}>{f.name}</code>
            <span className={s.fieldType}>
              {f.in ? `${f.in === "header" ? "header" : f.in}, ` : null}
              <Type parts={f.type} />
            </span>
            {f.required ? <span className={s.required}>required</span> : null}
          </div>
          {f.descriptionHtml || f.rules.length ? (
            <p className={s.fieldText}>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's markdown renderer's HTML (raw HTML escaped) */}
              <span dangerouslySetInnerHTML={{ __html: f.descriptionHtml }} />
              {f.rules.length ? <span className={s.rules}>{`${f.descriptionHtml ? " " : ""}(${f.rules.join("; ")})`}</span> : null}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Responses({ op }: { op: OperationView }) {
  return (
    <ul className={s.fields} aria-label={`Answers of ${op.method} ${op.path}`}>
      {op.responses.map((r: ResponseView) => (
        <li key={r.status} className={s.field}>
          <div className={s.fieldHead}>
            <span className={s.status}>{r.status}</span>
            <span>{r.reason}</span>
            {r.body ? (
              <span className={s.fieldType}>
                <Type parts={r.body} />
              </span>
            ) : null}
          </div>
          <p className={s.fieldText}>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's markdown renderer's HTML (raw HTML escaped) */}
            <span dangerouslySetInnerHTML={{ __html: r.descriptionHtml }} />
            {r.headers.length ? <span className={s.rules}>{` Headers: ${r.headers.join(", ")}.`}</span> : null}
          </p>
          {r.fields.length ? (
            <details className={s.nested}>
              <summary className={s.nestedSummary}>{`Fields of the ${r.status} answer`}</summary>
              <Fields fields={r.fields} label={`Fields of the ${r.status} answer of ${op.method} ${op.path}`} />
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Operation({ op }: { op: OperationView }) {
  const titleId = `op-${op.id}`;
  const where = `${op.method} ${op.path}`;
  return (
    <article className={s.operation} aria-labelledby={titleId}>
      <h3 id={titleId} className={s.operationTitle}>
        <span className={s.method[op.method as "GET" | "POST"]}>{op.method}</span>
        <code className={s.path}>{op.path}</code>
      </h3>
      <p className={s.summary}>{op.summary}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's markdown renderer's HTML (raw HTML escaped) */}
      {op.descriptionHtml ? <div className={s.prose} dangerouslySetInnerHTML={{ __html: op.descriptionHtml }} /> : null}
      <p className={s.auth}>
        {op.auth === "publisherToken" ? (
          <>
            Authentication: a publisher API token, <code>Authorization: Bearer &lt;token&gt;</code>.
          </>
        ) : (
          "Authentication: none."
        )}
      </p>
      {op.parameters.length ? (
        <div className={s.part}>
          <h4 className={s.partTitle}>Parameters</h4>
          <Fields fields={op.parameters} label={`Parameters of ${where}`} />
        </div>
      ) : null}
      {op.body ? (
        <div className={s.part}>
          <h4 className={s.partTitle}>Request body (JSON)</h4>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's markdown renderer's HTML (raw HTML escaped) */}
          <p className={s.fieldText} dangerouslySetInnerHTML={{ __html: op.body.descriptionHtml }} />
          <Fields fields={op.body.fields} label={`Request body fields of ${where}`} />
        </div>
      ) : null}
      <div className={s.part}>
        <h4 className={s.partTitle}>Answers</h4>
        <Responses op={op} />
      </div>
    </article>
  );
}

function Schema({ schema }: { schema: SchemaView }) {
  const id = schemaId(schema.name);
  return (
    <article className={s.schema} aria-labelledby={id}>
      <h3 id={id} className={s.schemaTitle}>
        {schema.name}
      </h3>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's markdown renderer's HTML (raw HTML escaped) */}
      {schema.descriptionHtml ? <div className={s.prose} dangerouslySetInnerHTML={{ __html: schema.descriptionHtml }} /> : null}
      {schema.fields.length ? <Fields fields={schema.fields} label={`Fields of ${schema.name}`} /> : null}
      {schema.variants.length ? <p className={s.fieldText}>{`One of ${schema.variants.length} shapes:`}</p> : null}
      {schema.variants.map((v) => (
        <details key={v.title} className={s.nested}>
          <summary className={s.nestedSummary}>{v.title}</summary>
          <Fields fields={v.fields} label={`Fields of ${schema.name}, ${v.title}`} />
        </details>
      ))}
    </article>
  );
}

export function ApiReferencePage({ data }: { data: ReferenceData }) {
  return (
    <article className={s.page} aria-labelledby="api-title">
      <header className={s.head}>
        <h1 id="api-title" className={s.title}>
          API reference
        </h1>
        <p className={s.lead}>
          {data.title}, version {data.version}. Every address below is on <code>{data.serverUrl}</code>.
        </p>
        <p>
          <a href={data.documentPath} className={s.link}>
            The OpenAPI 3.1 document (JSON)
          </a>
          , for tools and client generators.
        </p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's markdown renderer's HTML (raw HTML escaped) */}
        <div className={s.prose} dangerouslySetInnerHTML={{ __html: data.introHtml }} />
      </header>
      <div className={s.layout}>
        <nav className={s.toc} aria-labelledby="contents-title">
          <h2 id="contents-title" className={s.tocTitle}>
            Contents
          </h2>
          <ul className={s.tocList}>
            {data.groups.map((g) => (
              <li key={g.id}>
                <InPage id={g.id} className={`${s.tocLink} ${s.tocGroup}`}>
                  {g.tag}
                </InPage>
                <ul className={s.tocSubList}>
                  {g.operations.map((op) => (
                    <li key={op.id}>
                      <InPage id={`op-${op.id}`} className={s.tocLink}>
                        {op.summary}
                      </InPage>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li>
              <InPage id="schemas" className={`${s.tocLink} ${s.tocGroup}`}>
                Schemas
              </InPage>
            </li>
          </ul>
        </nav>
        <div className={s.content}>
          {data.groups.map((g) => (
            <section key={g.id} className={s.group} aria-labelledby={g.id}>
              <h2 id={g.id} className={s.groupTitle}>
                {g.tag}
              </h2>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's markdown renderer's HTML (raw HTML escaped) */}
              <p className={s.groupLead} dangerouslySetInnerHTML={{ __html: g.descriptionHtml }} />
              {g.operations.map((op) => (
                <Operation key={op.id} op={op} />
              ))}
            </section>
          ))}
          <section className={s.group} aria-labelledby="schemas">
            <h2 id="schemas" className={s.groupTitle}>
              Schemas
            </h2>
            <p className={s.groupLead}>The shapes that several answers share.</p>
            {data.schemas.map((schema) => (
              <Schema key={schema.name} schema={schema} />
            ))}
          </section>
        </div>
      </div>
    </article>
  );
}
