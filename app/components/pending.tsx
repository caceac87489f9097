import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** Shorter navigations show nothing, so fast pages do not flicker (R-LOAD-01, decision 121). */
export const PENDING_DELAY_MS = 200;

/**
 * R-LOAD-01: true while a navigation or a form submission of this page is under way for longer than
 * PENDING_DELAY_MS. Without JavaScript there is no client navigation: the browser shows its own.
 */
export function usePendingNavigation(delayMs = PENDING_DELAY_MS): boolean {
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [busy, delayMs]);
  return shown;
}

/** The slim bar at the top of the page; decorative (the page's main region carries aria-busy). */
export function PendingBar({ pending }: { pending: boolean }) {
  return pending ? <div className="pending-bar" data-testid="pending-bar" aria-hidden="true" /> : null;
}
