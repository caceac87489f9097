import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { DataFunctionArgs } from "~/customer/customer.server";
import { CatalogueError } from "~/errors/catalogue-error";
import { readFormData } from "~/forms/form-data.server";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { recruiterPath, requireRecruiter, withRecruiterUpstream, type RecruiterContext } from "~/recruiter/session.server";
import { isRateLimited, TOO_MANY, tooManyReply } from "~/recruiter/too-many.server";
import { commitSession } from "~/session/request.server";
import { UpstreamError } from "~/upstream/failures.server";
import { commitImport, discardImport, readImport } from "~/upstream/recruiter/create.server";
import { ScrollTable } from "~/recruiter/table-section";

/**
 * /{cstm}/recruiter/import/{id} (docs/decisions/153): the staged import's preview, each
 * row with its errors, and the confirmation (one POST: all valid rows in one upstream transaction),
 * then the report of what was created. Only the session that uploaded the file sees it (the id is
 * in the session); the rows wait upstream for an hour. Plain forms: works without JavaScript.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** The import of this session, or the invalid-link page (E02). */
function requireOwnImport(args: DataFunctionArgs, recruiter: RecruiterContext): string {
  const id = args.params.importId ?? "";
  if (!/^[0-9a-f]{32}$/.test(id) || recruiter.session.get("recruiterImport") !== id) {
    throw new CatalogueError("E02", { status: 404, requestId: args.context.requestId });
  }
  return id;
}

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const id = requireOwnImport(args, recruiter);
  const view = await withRecruiterUpstream(args, recruiter, () => readImport(args.context, session, cstm, id));
  const t = getTranslator(language, "recruiter");
  return {
    title: t(view.state === "imported" ? "import.reportTitle" : "import.previewTitle"),
    view,
    uploadPath: recruiterPath(cstm, "/import"),
    listPath: recruiterPath(cstm, "/applicants"),
    applicantPath: recruiterPath(cstm, "/applicants/"),
  };
}

export async function action(args: ActionFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, session } = recruiter;
  const { context } = args;
  const id = requireOwnImport(args, recruiter);
  const formData = await readFormData(args.request);
  const intent = formData.get("intent");
  const pagePath = recruiterPath(cstm, `/import/${id}`);
  const who = recruiter.recruiter.userName;
  // The upstream's limit of import calls (decision 171): the preview says so and stays as it is.
  if (intent === "discard") {
    try {
      await withRecruiterUpstream(args, recruiter, () => discardImport(context, session, cstm, id));
    } catch (error) {
      if (isRateLimited(error)) return tooManyReply(args, recruiter, "import-discard", { problem: TOO_MANY });
      throw error;
    }
    session.unset("recruiterImport");
    session.flash("notice", { key: "recruiter:import.notices.discarded", kind: "info" });
    throw redirect(recruiterPath(cstm, "/import"), { headers: { "Set-Cookie": await commitSession(context, session) } });
  }
  if (intent !== "confirm") return data({ problem: "recruiter:applicant.errors.invalid" }, { status: 400 });
  try {
    const result = await withRecruiterUpstream(args, recruiter, () => commitImport(context, session, cstm, id));
    context.logger.info(
      {
        recruiterAction: { cstm, recruiter: who, intent: "import-commit", created: result.created.length, skipped: result.skipped.length },
      },
      "recruiter action",
    );
    session.flash("notice", { key: "recruiter:import.notices.imported", kind: "success" });
  } catch (error) {
    if (isRateLimited(error)) return tooManyReply(args, recruiter, "import-commit", { problem: TOO_MANY });
    const code = error instanceof UpstreamError && error.status === 409 ? ((error.body ?? {}) as { error?: string }).error : undefined;
    // Confirmed twice (a second tab, a reload): the report is the answer.
    if (code === "import_done") throw redirect(pagePath);
    if (code === "nothing_to_import") return data({ problem: "recruiter:import.errors.nothingToImport" }, { status: 409 });
    throw error;
  }
  throw redirect(pagePath, { headers: { "Set-Cookie": await commitSession(context, session) } });
}

const FIELD_LABELS: Record<string, string> = {
  userName: "create.userName",
  email: "create.email",
  firstName: "create.firstName",
  lastName: "create.lastName",
  language: "create.language",
  profileId: "create.profile",
  owner: "create.owner",
  openUntil: "create.openUntil",
  onSite: "create.onSite",
};

/** The preview's columns in the order of the create form, with their labels (FIELD_LABELS). */
const PREVIEW_COLUMNS = ["firstName", "lastName", "email", "userName", "language", "profileId", "openUntil", "owner"].map(
  (column) => [column, FIELD_LABELS[column]] as const,
);

/** A report table of file lines: the line number as the row's header, one cell. */
function LineTable({
  id,
  caption,
  heading,
  rows,
}: {
  id: string;
  caption: string;
  heading: string;
  rows: { line: number; cell: ReactNode }[];
}) {
  const { t } = useTranslation("recruiter");
  return (
    <ScrollTable captionId={id} caption={caption}>
      <thead>
        <tr>
          <th scope="col">{t("import.line")}</th>
          <th scope="col">{heading}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.line}>
            <th scope="row">{row.line}</th>
            <td>{row.cell}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function ErrorList({ errors }: { errors: Record<string, string> }) {
  const { t } = useTranslation("recruiter");
  const entries = Object.entries(errors);
  if (entries.length === 0) return <>{t("import.rowOk")}</>;
  return (
    <ul className="import-errors">
      {entries.map(([field, code]) => (
        <li
          key={field}
        >{`${FIELD_LABELS[field] ? `${t(FIELD_LABELS[field])}: ` : ""}${t(`import.codes.${code}`, { defaultValue: t("import.codes.invalid") })}`}</li>
      ))}
    </ul>
  );
}

export default function ImportPreview() {
  const { view, uploadPath, listPath, applicantPath } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("recruiter");
  const busy = navigation.state === "submitting";
  if (view.state === "imported" && view.result) {
    const { created, skipped } = view.result;
    return (
      <section aria-labelledby="import-title" className="recruiter-import">
        <h1 id="import-title">{t("import.reportTitle")}</h1>
        <p role="status">{t("import.reportSummary", { count: created.length, skipped: skipped.length })}</p>
        <LineTable
          id="created-caption"
          caption={t("import.createdCaption", { count: created.length })}
          heading={t("create.userName")}
          rows={created.map((row) => ({
            line: row.line,
            cell: <Link to={applicantPath + encodeURIComponent(row.userName)}>{row.userName}</Link>,
          }))}
        />
        {skipped.length > 0 ? (
          <LineTable
            id="skipped-caption"
            caption={t("import.skippedCaption", { count: skipped.length })}
            heading={t("import.problems")}
            rows={skipped.map((row) => ({ line: row.line, cell: <ErrorList errors={row.errors} /> }))}
          />
        ) : null}
        <p>
          <Link to={listPath}>{t("import.toList")}</Link> · <Link to={uploadPath}>{t("import.another")}</Link>
        </p>
      </section>
    );
  }
  const rows = view.rows ?? [];
  return (
    <section aria-labelledby="import-title" className="recruiter-import">
      <h1 id="import-title">{t("import.previewTitle")}</h1>
      <p>{t("import.previewSummary", { count: view.total, valid: view.valid, invalid: view.invalid })}</p>
      {actionData?.problem ? (
        <div className="form-errors" role="alert">
          <p>{t(actionData.problem)}</p>
        </div>
      ) : null}
      <ScrollTable captionId="preview-caption" className="import-preview" caption={t("import.previewCaption")}>
        <thead>
          <tr>
            <th scope="col">{t("import.line")}</th>
            {PREVIEW_COLUMNS.map(([column, label]) => (
              <th key={column} scope="col">
                {t(label)}
              </th>
            ))}
            <th scope="col">{t("import.result")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const bad = Object.keys(row.errors).length > 0;
            return (
              <tr key={row.line} className={bad ? "import-row-bad" : undefined} data-line={row.line}>
                <th scope="row">{t("import.lineN", { line: row.line })}</th>
                {PREVIEW_COLUMNS.map(([column]) => (
                  <td key={column}>{row.values[column] ?? ""}</td>
                ))}
                <td>
                  <ErrorList errors={row.errors} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </ScrollTable>
      <p>{t("import.allOrNothing")}</p>
      <div className="import-actions">
        <Form method="post">
          <input type="hidden" name="intent" value="confirm" />
          <button type="submit" className="button button-primary" disabled={busy || view.valid === 0}>
            {t("import.confirm", { count: view.valid })}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="discard" />
          <button type="submit" className="button" disabled={busy}>
            {t("import.discard")}
          </button>
        </Form>
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
