import type { ReactNode } from "react";
import type { TFunction } from "~/i18n/translator";

const MARKER = "\u0000";

/** A translation with an element in place of one of its values (the translator only makes strings). */
export function Interpolated({ t, k, name, children }: { t: TFunction; k: string; name: string; children: ReactNode }) {
  const [before, after = ""] = t(k, { [name]: MARKER }).split(MARKER);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
