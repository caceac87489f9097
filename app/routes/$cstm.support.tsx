import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireApplicant } from "~/account/session.server";
import { supportText } from "~/domain/customer-texts";
import { paragraphsOf } from "~/domain/text";
import { supportAddress } from "~/errors/selection";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { loadOpenModals } from "~/modals/modals.server";
import { defineModals, revalidateUnlessModalsClose } from "~/modals/route-modals";
import { loadVideoModal, videoArchive } from "~/videos/archive.server";
import { VideoArchive, videoModal } from "~/videos/video-archive";

export const handle: RouteHandle = { modals: defineModals({ video: videoModal }) };

/**
 * The support page (spec §2, R-RTE-02): the customer's support text, its support address as a mail
 * link (support@{host} when it has none, as the error view's default hint, R-CAT-04) and the video
 * archive with its player (docs/decisions/082).
 */
export async function loader(args: LoaderFunctionArgs) {
  const applicant = await requireApplicant(args);
  const { config, cstm, language } = applicant;
  const videos = videoArchive(args, applicant);
  const modals = await loadOpenModals(args.request, { video: async () => loadVideoModal(args, applicant, videos) });
  return {
    title: getTranslator(language, "pages")("support.documentTitle", { customer: config.name || cstm }),
    text: supportText(config.texts, language, config.languages),
    email: supportAddress(new URL(args.request.url).hostname, config.supportEmail),
    videos,
    modals,
  };
}

/** Nothing to post here: a stray POST shows the page (the guard answers excluded pages first). */
export async function action(args: ActionFunctionArgs) {
  await requireApplicant(args);
  const url = new URL(args.request.url);
  throw redirect(url.pathname + url.search);
}

export default function SupportRoute() {
  const { text, email, videos } = useLoaderData<typeof loader>();
  const { t } = useTranslation("pages");
  return (
    <>
      <section className="card" aria-labelledby="support-title">
        <h1 id="support-title">{t("support.title")}</h1>
        <div className="customer-text">
          {text ? paragraphsOf(text).map((paragraph, index) => <p key={index}>{paragraph}</p>) : <p>{t("support.text")}</p>}
        </div>
        <p>
          {t("support.email")} <a href={`mailto:${email}`}>{email}</a>
        </p>
      </section>
      <VideoArchive videos={videos} />
    </>
  );
}

export const shouldRevalidate = revalidateUnlessModalsClose;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
