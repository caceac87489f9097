import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { readFormData } from "~/forms/form-data.server";
import { messageKey, translateMessage } from "~/forms/messages";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { MAX_IMPORT_ROWS, REQUIRED_COLUMNS } from "~/recruiter/import-columns";
import { parseImportCsv } from "~/recruiter/import-csv.server";
import { recruiterPath, requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { actionLimitReached, isRateLimited, TOO_MANY, tooManyReply } from "~/recruiter/too-many.server";
import { commitSession } from "~/session/request.server";
import { stageImport } from "~/upstream/recruiter/create.server";
import { IMPORT_COLUMNS } from "~/upstream/recruiter/import-columns";
import { ScrollTable } from "~/recruiter/table-section";

/**
 * /{cstm}/recruiter/import (docs/decisions/153): the CSV upload. A plain multipart POST
 * (reloadDocument, with JavaScript too: an upload over the body limit gets the server's translated
 * 413 page, whose back link returns here). The file is read here (csv-parse), its rows are staged
 * upstream, and the import's id goes into the session; the preview and the confirmation are
 * /{cstm}/recruiter/import/{id}. The page documents the columns and offers a template.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const { cstm, language } = await requireRecruiter(args);
  const t = getTranslator(language, "recruiter");
  return {
    title: t("import.documentTitle"),
    templatePath: recruiterPath(cstm, "/import-template.csv"),
    createPath: recruiterPath(cstm, "/create"),
    maxRows: MAX_IMPORT_ROWS,
  };
}

export async function action(args: ActionFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, session } = recruiter;
  const { context } = args;
  const formData = await readFormData(args.request);
  const who = recruiter.recruiter.userName;
  if (await actionLimitReached(args, recruiter, "import-upload")) {
    return data({ problem: "recruiter:tooManyAttempts" }, { status: 429 });
  }
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) return data({ problem: "recruiter:import.errors.noFile" }, { status: 400 });
  const parsed = parseImportCsv(new Uint8Array(await file.arrayBuffer()));
  if ("problem" in parsed) {
    const { problem } = parsed;
    return data({ problem: messageKey(problem.key, "values" in problem ? problem.values : undefined) }, { status: 400 });
  }
  let staged: Awaited<ReturnType<typeof stageImport>>;
  try {
    staged = await withRecruiterUpstream(args, recruiter, () => stageImport(context, session, cstm, parsed.rows));
  } catch (error) {
    // The upstream's limit of import calls (decision 171), like the app's own above.
    if (!isRateLimited(error)) throw error;
    return tooManyReply(args, recruiter, "import-upload", { problem: TOO_MANY });
  }
  session.set("recruiterImport", staged.id);
  context.logger.info(
    { recruiterAction: { cstm, recruiter: who, intent: "import-upload", rows: staged.total, invalid: staged.invalid } },
    "recruiter action",
  );
  throw redirect(recruiterPath(cstm, `/import/${staged.id}`), { headers: { "Set-Cookie": await commitSession(context, session) } });
}

export default function ImportUpload() {
  const { templatePath, createPath, maxRows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("recruiter");
  const problem = actionData?.problem;
  return (
    <section aria-labelledby="import-title" className="recruiter-import">
      <h1 id="import-title">{t("import.title")}</h1>
      <p>{t("import.intro", { max: maxRows })}</p>
      <p>
        {t("import.passwords")} <Link to={createPath}>{t("create.nav")}</Link>
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        reloadDocument
        className="card"
        aria-describedby={problem ? "import-error" : undefined}
      >
        {problem ? (
          <div className="form-errors" role="alert" id="import-error">
            <p>{translateMessage(t, problem)}</p>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="import-file">{t("import.file")}</label>
          <div id="import-file-hint" className="field-hint">
            {t("import.fileHint")}
          </div>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-file-hint"
            aria-invalid={problem ? true : undefined}
          />
        </div>
        <button type="submit" className="button button-primary">
          {t("import.upload")}
        </button>
      </Form>
      <h2 id="columns-title">{t("import.columnsTitle")}</h2>
      <p>
        <a href={templatePath} download>
          {t("import.template")}
        </a>
      </p>
      <ScrollTable labelledBy="columns-title" caption={t("import.columnsCaption")}>
        <thead>
          <tr>
            <th scope="col">{t("import.column")}</th>
            <th scope="col">{t("import.required")}</th>
            <th scope="col">{t("import.meaning")}</th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_COLUMNS.map((column) => (
            <tr key={column}>
              <th scope="row">
                <code>{column}</code>
              </th>
              <td>{REQUIRED_COLUMNS.includes(column) ? t("list.yes") : t("list.no")}</td>
              <td>{t(`import.columns.${column}`)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
