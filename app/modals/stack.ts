/**
 * Modals are URL state (DESIGN §6, R-SCR-11): `?modal=privacy` opens one, `?modal=privacy&modal=legal-notice`
 * is a stack of two, bottom first; the last one is the active modal. Closing the top modal is a
 * link to the same URL without the last `modal` parameter, so everything works without JavaScript
 * and the back button steps back through the stack. Pure functions, shared by server and browser.
 */
export const MODAL_PARAM = "modal";

/** Deeper stacks are cut off: no dialog needs more, and a crafted URL cannot ask for hundreds. */
export const MAX_MODAL_DEPTH = 4;

const NAME_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

function params(search: string | URLSearchParams): URLSearchParams {
  return new URLSearchParams(search);
}

/** The stack named in the URL, bottom first, without duplicates or malformed names. */
export function modalStackOf(search: string | URLSearchParams): string[] {
  const stack: string[] = [];
  for (const name of params(search).getAll(MODAL_PARAM)) {
    if (!NAME_PATTERN.test(name) || stack.includes(name)) continue;
    stack.push(name);
    if (stack.length === MAX_MODAL_DEPTH) break;
  }
  return stack;
}

/** The search string ("" or "?…") with the given stack and every other parameter kept. */
export function searchWithModals(search: string | URLSearchParams, stack: readonly string[]): string {
  const next = params(search);
  next.delete(MODAL_PARAM);
  for (const name of stack) next.append(MODAL_PARAM, name);
  const text = next.toString();
  return text ? `?${text}` : "";
}

/**
 * Opening a modal puts it on top of the stack; opening one that is already open goes back to it
 * (the modals above it close).
 */
export function stackWithModal(stack: readonly string[], name: string): string[] {
  const index = stack.indexOf(name);
  if (index >= 0) return stack.slice(0, index + 1);
  return [...stack, name].slice(-MAX_MODAL_DEPTH);
}

/** True when `next` only closes modals of `current` (a shorter prefix of it). */
export function onlyClosesModals(current: readonly string[], next: readonly string[]): boolean {
  return next.length < current.length && next.every((name, index) => name === current[index]);
}

/** The search without any modal parameter, to compare the rest of two URLs. */
export function searchWithoutModals(search: string | URLSearchParams): string {
  return searchWithModals(search, []);
}
