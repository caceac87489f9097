import type { TFunction } from "~/i18n/translator";
import { Interpolated } from "./interpolated";

/** The support reference under an error: the request id support staff search for (R-ENT-09). */
export function ErrorReference({ t, requestId }: { t: TFunction; requestId?: string }) {
  if (!requestId) return null;
  return (
    <p className="error-reference">
      <Interpolated t={t} k="reference" name="requestId">
        <code>{requestId}</code>
      </Interpolated>
    </p>
  );
}
