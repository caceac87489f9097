import { useTranslation } from "~/i18n/react";

/**
 * A honeypot on public forms (DESIGN §8): a field people never see or reach, which simple bots fill
 * in. Hidden with CSS (not `hidden`/`type=hidden`, which bots skip) and from assistive technology.
 */
export const HONEYPOT_FIELD = "website";

export function Honeypot() {
  const { t } = useTranslation();
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        {t("honeypotLabel")}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
