import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/**
 * The applicant page's way back (docs/decisions/188): "back to the list" at the list's filters, sort and page, the
 * previous and next applicant of that list with "n of N", and a calm word when the applicant is not in that list
 * (any more). Plain links: works without JavaScript. At an end of the list there is no link rather than a dead one.
 */
export interface ListNeighbour {
  href: string;
  name: string;
}

export interface ListNavigationProps {
  listHref: string;
  /** null: where the applicant stands could not be asked; the way back is still offered. */
  place: { position: number | null; total: number; previous: ListNeighbour | null; next: ListNeighbour | null } | null;
  filtered: boolean;
}

export function ListNavigation({ listHref, place, filtered }: ListNavigationProps) {
  const { t } = useTranslation("recruiter");
  return (
    <nav className="pagination list-navigation" aria-label={t("navigation.label")}>
      <ul>
        <li>
          <Link to={listHref}>{t("applicant.back")}</Link>
        </li>
        {place?.previous ? (
          <li>
            <Link to={place.previous.href} rel="prev">
              {t("navigation.previous", { name: place.previous.name })}
            </Link>
          </li>
        ) : null}
        {place?.position ? <li>{t("navigation.position", { position: place.position, total: place.total })}</li> : null}
        {place?.next ? (
          <li>
            <Link to={place.next.href} rel="next">
              {t("navigation.next", { name: place.next.name })}
            </Link>
          </li>
        ) : null}
      </ul>
      {place && place.position === null ? (
        <p className="notice notice-info" role="status">
          {t(filtered ? "navigation.notInFilteredList" : "navigation.notInList")}
        </p>
      ) : null}
    </nav>
  );
}
