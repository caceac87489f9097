import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApplicant, type ApplicantContext } from "~/account/session.server";
import { customerPages } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import { chooserCard, type ChooserCard } from "~/domain/profile";
import { formatDate } from "~/i18n/format-date";
import { getTranslator } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { commitSession } from "~/session/request.server";
import { getProfileRecords, profileFromRecord, type ProfileRecord } from "~/upstream/applicant.server";
import { readFormData } from "~/forms/form-data.server";

/**
 * The profile chooser (spec §2 profileChooser, R-SCR-08, R-PROF-02): one card per assigned profile.
 * Choosing is a form post; the server decides whether the profile may be opened, so a locked profile
 * stays closed whatever the browser sends.
 */
export interface ChooserCardView extends ChooserCard {
  id: string;
  name: string;
  description: string;
  completed: boolean;
  /** The profile the session works on now. */
  active: boolean;
  /** The day the profile closes, as the page's language writes it (formatted here, decision 195). */
  openUntil: string | null;
  progress: { done: number; total: number } | null;
}

export interface ChooserView {
  cards: ChooserCardView[];
  /** The area has a report page: finished profiles with a report link to it. */
  reportPage: boolean;
  title: string;
}

function cardView(record: ProfileRecord, activeId: string | undefined, language: Language): ChooserCardView {
  const profile = profileFromRecord(record);
  const total = record.totalComponents;
  return {
    ...chooserCard(profile),
    id: profile.id,
    name: profile.name,
    description: record.description ?? "",
    completed: profile.completed,
    active: profile.id === activeId,
    openUntil: profile.openUntil ? formatDate(profile.openUntil, language) : null,
    progress: total !== undefined && total > 0 ? { done: record.finishedComponents ?? 0, total } : null,
  };
}

async function loadCards(args: LoaderFunctionArgs, applicant: ApplicantContext): Promise<ChooserCardView[]> {
  const records = await getProfileRecords(args.context, applicant.session);
  const activeId = applicant.session.get("activeProfileId");
  return records.flatMap((record) => {
    try {
      return [cardView(record, activeId, applicant.language)];
    } catch (error) {
      // An invalid profile (R-ENT-05) is left out and reported, the others stay choosable.
      args.context.logger.warn({ err: error }, "invalid profile left out of the chooser");
      return [];
    }
  });
}

export async function chooserLoader(args: LoaderFunctionArgs): Promise<ChooserView> {
  const applicant = await requireApplicant(args);
  const t = getTranslator(applicant.language, "dashboard");
  return {
    cards: await loadCards(args, applicant),
    reportPage: customerPages(applicant.config).has("report"),
    title: t("chooser.title"),
  };
}

const chooseSchema = z.object({ intent: z.enum(["open", "report"]), profileId: z.string().min(1).max(100) });

export type ChooserActionData = { refused: "locked" | "unknown"; profileId?: string };

/** Opens a profile: it becomes the session's active profile, then home (or, asked for, its report). */
export async function chooserAction(args: ActionFunctionArgs) {
  const applicant = await requireApplicant(args);
  const parsed = chooseSchema.safeParse(Object.fromEntries(await readFormData(args.request)));
  if (!parsed.success) return data<ChooserActionData>({ refused: "unknown" }, { status: 400 });
  const { intent, profileId } = parsed.data;
  const card = (await loadCards(args, applicant)).find((candidate) => candidate.id === profileId);
  if (!card) return data<ChooserActionData>({ refused: "unknown", profileId }, { status: 404 });
  // R-PROF-02: locked profiles cannot be started; the server refuses, not only the missing button.
  if (!card.canStart) return data<ChooserActionData>({ refused: "locked", profileId }, { status: 403 });
  applicant.session.set("activeProfileId", profileId);
  const toReport = intent === "report" && card.reportHint && customerPages(applicant.config).has("report");
  return redirect(customerPath(applicant.cstm, toReport ? "/report" : "/home"), {
    headers: { "Set-Cookie": await commitSession(args.context, applicant.session) },
  });
}
