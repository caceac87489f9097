import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { assessmentPath } from "~/assessment/module.server";
import type { ModuleContainer } from "~/domain/container";
import { customerPages } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import { detectDevice } from "~/domain/device";
import type { Module } from "~/domain/module";
import {
  allModulesDone,
  containerProgress,
  overallProgress,
  remainingModules,
  type ModuleOverview,
  type Progress,
} from "~/domain/progress";
import { formatDate } from "~/i18n/format-date";
import type { Language } from "~/i18n/languages";
import { reportServerError } from "~/errors/report.server";
import { commitSession } from "~/session/request.server";
import { UpstreamError } from "~/upstream/failures.server";
import { getContainers, getModules, getUserData } from "~/upstream/dashboard.server";
import { acceptDataProtection, getDataProtectionStatement } from "~/upstream/data-protection.server";
import type { SecondaryCalls } from "~/errors/secondary.server";
import { requireActiveProfile, type ActiveProfileContext } from "./active-profile.server";
import { completionNotice, homeHasSidePanel, type CompletionNotice, type HomeVariant } from "./home";
import { readFormData } from "~/forms/form-data.server";

/**
 * The dashboard's home (spec §2 home, home-on-site and the side-panel variant): the active profile's
 * containers with their modules and progress, the progress view, the data-protection statement while
 * it is not accepted, and the completion notice once every module is done (R-SCR-05/07, R-DP-01).
 */
export interface HomeModuleView {
  id: number;
  name: string;
  minutes: number | null;
  finished: boolean;
  /** The module (or fbo group) the container offers next: it gets the start link. */
  href: string | null;
}

export interface HomeContainerView {
  id: string;
  name: string;
  description: string;
  icon: string;
  iconPath: string | null;
  type: string;
  minutes: number | null;
  progress: Progress;
  finished: boolean;
  modules: HomeModuleView[];
}

export interface HomeDataProtection {
  /** The statement to accept, null once accepted. */
  statement: { id: string; revision: string; texts: string } | null;
  /** The statement could not be loaded (DP01): the page stays usable. */
  statementFailed: boolean;
  contactingAccepted: boolean;
}

export interface HomeView {
  cstm: string;
  language: Language;
  variant: HomeVariant;
  sidePanel: boolean;
  profile: { id: string; name: string };
  containers: HomeContainerView[];
  /** R-CONT-03 over the containers (or the plain module lists). */
  overall: Progress;
  /**
   * R-SCR-05: registered since, as the page's language writes the day. Formatted here, not in the browser:
   * a page's first Intl.DateTimeFormat costs a phone 40–70 ms of its hydration (decision 195).
   */
  registeredSince: string | null;
  showProgress: boolean;
  dataProtection: HomeDataProtection | null;
  completion: CompletionNotice | null;
  next: { name: string; href: string; minutes: number | null } | null;
  /** Some containers could not be built (R-VAL-07): the rest is shown, the failure reported. */
  incomplete: boolean;
  /** Regular applicants of customers that allow password changes (R-VAL-09) get the dialog. */
  canChangePassword: boolean;
  /** The upstream asks for feedback on this profile (completed, none given yet). */
  feedbackRequested: boolean;
  feedbackModalSeen: boolean;
}

/** A module's name on home: its display name, else its type (a backend may send no display name). */
const nameOf = (module: Module) => module.displayName || module.type;

function moduleView(cstm: string, module: Module, finished: boolean, startable: boolean): HomeModuleView {
  return {
    id: module.id,
    name: nameOf(module),
    minutes: module.durationMinutes,
    finished,
    href: startable ? assessmentPath(cstm, module.id) : null,
  };
}

function containerView(cstm: string, container: ModuleContainer): HomeContainerView {
  const startable = new Set(container.activeGroup.map((module) => module.id));
  return {
    id: String(container.id),
    name: container.name,
    description: container.description,
    icon: container.icon ?? "",
    iconPath: container.iconPath,
    type: container.type,
    minutes: container.durationMinutes,
    progress: containerProgress(container),
    finished: container.isFinished,
    modules: [
      ...container.finishedElements.filter((module) => !module.isReportItem).map((module) => moduleView(cstm, module, true, false)),
      ...container.elements
        .filter((module) => !module.isReportItem)
        .map((module) => moduleView(cstm, module, false, startable.has(module.id))),
    ],
  };
}

/** The profile's modules: its containers, or the plain lists when it has none (spec §3). */
async function loadOverview(
  args: LoaderFunctionArgs,
  active: ActiveProfileContext,
): Promise<{ overview: ModuleOverview; incomplete: boolean }> {
  const result = await getContainers(args.context, active.session, active.profileId, active.language);
  if (result.failure) reportServerError(result.failure, args.request, args.context, { profileId: active.profileId });
  if (result.containers.length > 0 || result.failure) {
    return { overview: { containers: result.containers }, incomplete: result.failure !== null };
  }
  const modules = await getModules(args.context, active.session, active.profileId, active.language);
  return { overview: { openModules: modules.elements, finishedModules: modules.finishedElements }, incomplete: false };
}

/** A failed statement is DP01 over the page (decision 127); the card says so too and the page stays usable. */
async function loadDataProtection(
  args: LoaderFunctionArgs,
  active: ActiveProfileContext,
  state: { accepted: boolean; contactingAccepted: boolean } | null,
  secondary: SecondaryCalls,
): Promise<HomeDataProtection | null> {
  if (!state || (state.accepted && state.contactingAccepted)) return null;
  if (state.accepted) return { statement: null, statementFailed: false, contactingAccepted: false };
  const statement = await secondary.run(getDataProtectionStatement(args.context, active.cstm, active.language, active.session), null);
  if (!statement) return { statement: null, statementFailed: true, contactingAccepted: state.contactingAccepted };
  return {
    statement: { id: String(statement.id), revision: String(statement.revision), texts: statement.texts },
    statementFailed: false,
    contactingAccepted: state.contactingAccepted,
  };
}

/**
 * The page's own data is the profile's modules; the user data (the profile's name, the registration
 * date, the data-protection state, the feedback request) and the statement are secondary: when they
 * fail, home shows the modules with the error as a dialog over it (`secondary`, decision 127).
 */
export async function homeLoader(
  args: LoaderFunctionArgs,
  variant: HomeVariant,
  active: ActiveProfileContext,
  secondary: SecondaryCalls,
): Promise<HomeView> {
  const { cstm, config, context, session } = { ...active, context: args.context };
  const [{ overview, incomplete }, userData] = await Promise.all([
    loadOverview(args, active),
    secondary.run(getUserData(context, session, { profileId: active.profileId, language: active.language }), null),
  ]);
  const profile = userData?.profiles.find((candidate) => candidate.id === active.profileId);
  const pages = customerPages(config);
  const onSite = variant === "home-on-site" || Boolean(session.get("onSite")) || config.area.onSite;
  const containers = overview.containers ?? [];
  // The module offered next, in the order the applicant works through them (R-CONT-01).
  const [next] = remainingModules(overview);
  return {
    cstm,
    language: active.language,
    variant,
    sidePanel: homeHasSidePanel(config.area.name),
    profile: { id: active.profileId, name: profile?.name ?? "" },
    containers: containers.map((container) => containerView(cstm, container)),
    overall: overallProgress(overview),
    registeredSince: userData?.userInfo.registeredAt ? formatDate(userData.userInfo.registeredAt, active.language) : null,
    showProgress: config.appearance.showProgress !== false,
    dataProtection: await loadDataProtection(args, active, userData?.dataProtection ?? null, secondary),
    completion: allModulesDone(overview)
      ? completionNotice({
          onSite,
          training: containers.length > 0 && containers.every((container) => container.isTraining),
          report: Boolean(profile?.reportVisible) && pages.has("report"),
          smartphone: detectDevice(args.request.headers.get("User-Agent")) === "mobile",
        })
      : null,
    next: next ? { name: nameOf(next), href: assessmentPath(cstm, next.id), minutes: next.durationMinutes } : null,
    incomplete,
    canChangePassword: !active.applicant.anonymous && config.passwordSelfService,
    feedbackRequested: userData?.feedbackRequested ?? false,
    feedbackModalSeen: userData?.feedbackModalSeen ?? false,
  };
}

const acceptSchema = z.discriminatedUnion("intent", [
  // Ids are short: a megabyte "id" is refused here, not passed on to the upstream (decision 091).
  z.object({ intent: z.literal("accept-data-protection"), statementId: z.string().min(1).max(64), revision: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("contacting"), contacting: z.enum(["yes", "no"]) }),
]);

export type HomeActionData = { refused: "data-protection-outdated" | "invalid" };

/**
 * The home page's forms: accepting the statement that was shown (its id and revision, R-ENT-08) and
 * the separate contacting agreement (R-DP-01). Success is a redirect with a one-time notice.
 */
export async function homeAction(args: ActionFunctionArgs, page: string) {
  const active = await requireActiveProfile(args);
  const parsed = acceptSchema.safeParse(Object.fromEntries(await readFormData(args.request)));
  if (!parsed.success) return data<HomeActionData>({ refused: "invalid" }, { status: 400 });
  const input = parsed.data;
  try {
    await acceptDataProtection(
      args.context,
      active.session,
      input.intent === "accept-data-protection"
        ? { statement: { id: numericOrText(input.statementId), revision: numericOrText(input.revision) } }
        : { contactingAccepted: input.contacting === "yes" },
    );
  } catch (error) {
    // The statement changed after it was shown: show the current one, nothing is accepted unseen.
    if (error instanceof UpstreamError && error.status === 409) {
      return data<HomeActionData>({ refused: "data-protection-outdated" }, { status: 409 });
    }
    // The upstream refused the posted ids (only a tampered form sends others than the page's): the
    // same answer as a malformed post, not an upstream fault (found by fuzzing, decision 102).
    if (error instanceof UpstreamError && error.status === 400) {
      return data<HomeActionData>({ refused: "invalid" }, { status: 400 });
    }
    throw error;
  }
  active.session.flash(
    "notice",
    input.intent === "accept-data-protection"
      ? "dashboard:dataProtection.acceptedNotice"
      : input.contacting === "yes"
        ? "dashboard:dataProtection.contactingNotice"
        : "dashboard:dataProtection.contactingWithdrawnNotice",
  );
  return redirect(customerPath(active.cstm, `/${page}`), {
    headers: { "Set-Cookie": await commitSession(args.context, active.session) },
  });
}

/** Ids travel through the form as text; the upstream sent numbers, and gets them back as such. */
function numericOrText(value: string): string | number {
  return /^\d{1,15}$/.test(value) ? Number(value) : value;
}
