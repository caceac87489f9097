import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Where focus lands after a client-side navigation (WCAG 2.4.3, docs/decisions/132). A full page
 * load (JavaScript off) starts at the top of the document, or at the field the server marked with
 * autofocus; without this a client navigation would leave focus on a node that no longer exists.
 * - After a submission answered with errors: the first invalid field, else the form's error message.
 * - After a navigation to another page: the page's main heading (focusable with tabindex -1), so the
 *   next Tab continues in the page's content and a screen reader announces the new page.
 * A change of the query alone (a modal opening, a filter) is left alone: modals move focus themselves.
 */
export function FocusOnNavigation() {
  const location = useLocation();
  const navigation = useNavigation();
  const previous = useRef(location);
  const submitted = useRef(false);

  useEffect(() => {
    if (navigation.state === "submitting") submitted.current = true;
  }, [navigation.state]);

  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    const wasSubmission = submitted.current;
    submitted.current = false;
    if (before.key === location.key || location.hash) return;
    if (document.querySelector("dialog[open]")) return;
    const main = document.querySelector<HTMLElement>("main");
    if (!main) return;
    const invalid = main.querySelector<HTMLElement>(
      '[aria-invalid="true"]:is(input, select, textarea), fieldset[aria-invalid="true"] input',
    );
    const alert = main.querySelector<HTMLElement>('form [role="alert"]');
    if (wasSubmission && (invalid || alert)) {
      const target = invalid ?? alert!;
      if (!invalid && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus();
      return;
    }
    if (before.pathname === location.pathname && !wasSubmission) return;
    if (main.contains(document.activeElement) && document.activeElement !== main) return;
    const heading = main.querySelector<HTMLElement>("h1") ?? main;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus();
  }, [location]);

  return null;
}
