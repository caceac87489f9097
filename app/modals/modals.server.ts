import { modalStackOf } from "./stack";

type ModalLoaders = Record<string, () => Promise<unknown>>;

/**
 * Loads the data of the modals open in this request's URL, in parallel, for the loader's
 * `modals` field (the data each modal's Content receives). Closed modals cost nothing.
 */
export async function loadOpenModals<Loaders extends ModalLoaders>(
  request: Request,
  loaders: Loaders,
): Promise<{ [Name in keyof Loaders]?: Awaited<ReturnType<Loaders[Name]>> }> {
  const open = modalStackOf(new URL(request.url).search).filter((name) => Object.hasOwn(loaders, name));
  const entries = await Promise.all(open.map(async (name) => [name, await loaders[name]()] as const));
  return Object.fromEntries(entries) as { [Name in keyof Loaders]?: Awaited<ReturnType<Loaders[Name]>> };
}

/** Whether a modal is open in this request's URL (for data that is cheap enough to decide inline). */
export function isModalOpen(request: Request, name: string): boolean {
  return modalStackOf(new URL(request.url).search).includes(name);
}
