import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { useTranslation } from "~/i18n/react";

/**
 * remix-utils' honeypot inputs (app/forms/honeypot.server.ts, docs/decisions/130): hidden by an
 * inline display:none and from assistive technology, out of the tab order; plain inputs, so the form
 * carries them without JavaScript too. `inputs` comes from the route's loader.
 */
export function Honeypot({ inputs }: { inputs: HoneypotInputProps }) {
  const { t } = useTranslation();
  return (
    <HoneypotProvider {...inputs}>
      <HoneypotInputs label={t("honeypotLabel")} />
    </HoneypotProvider>
  );
}
