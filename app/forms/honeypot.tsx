import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { useTranslation } from "~/i18n/react";

/**
 * The honeypot inputs of remix-utils (app/forms/honeypot.server.ts checks them, docs/decisions/130):
 * hidden by an inline display:none and from assistive technology, out of the tab order; plain
 * inputs, so the form carries them without JavaScript too. `inputs` comes from the route's loader.
 * The same markup as remix-utils' HoneypotInputs, written here because its React half (a context
 * provider and the component) cost every form page 0.5 KiB of script (decision 159).
 */
export function Honeypot({ inputs }: { inputs: HoneypotInputProps }) {
  const { t } = useTranslation();
  const label = t("honeypotLabel");
  const { nameFieldName, validFromFieldName, encryptedValidFrom } = inputs;
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      {/* "nope", as remix-utils writes it: browsers ignore "off" for autofill, and a filled trap refuses the form. */}
      {/* eslint-disable-next-line jsx-a11y/autocomplete-valid */}
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="nope" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
