import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

/**
 * A module the browser loads apart from a page's hydration (decision 114), for UI shown only
 * sometimes (errors, modals and their forms). The browser loads it when it is first shown, or earlier
 * by `load()`. The server imports every deferred module at start and renders them synchronously
 * (entry.server awaits deferredModulesReady once; nothing may suspend on the server: decision 108).
 * Its components render inside a Suspense boundary on both sides, so a server-rendered one keeps its
 * HTML until the chunk is in, and React then hydrates it.
 */
export interface DeferredModule<M> {
  load(): Promise<M>;
  /** The module once loaded (always on the server once deferredModulesReady resolved). */
  readonly current: M | undefined;
  component<P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P>;
}

// Vite's build-time constant (true under vitest too): the browser's bundle drops the server branch (decision 162).
const onServer = import.meta.env.SSR;
const serverLoads: Promise<unknown>[] = [];

/** Resolves when the server has every deferred module (entry.server awaits it before rendering). */
export function deferredModulesReady(): Promise<unknown> {
  return Promise.all(serverLoads);
}

export function deferredModule<M>(importer: () => Promise<M>, name: string): DeferredModule<M> {
  let current: M | undefined;
  let loading: Promise<M> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (module) => (current = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  if (onServer) serverLoads.push(load());
  const boundary = (children: ReactNode) => <Suspense fallback={null}>{children}</Suspense>;
  return {
    load,
    get current() {
      return current;
    },
    component<P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P> {
      if (onServer) {
        return function ServerRendered(props: P) {
          if (!current) throw new Error(`${name}: not loaded yet (await deferredModulesReady)`);
          const Component = pick(current);
          return boundary(<Component {...props} />);
        };
      }
      const Lazy = lazy(() => load().then((module) => ({ default: pick(module) }))) as unknown as ComponentType<P>;
      return function Deferred(props: P) {
        return boundary(<Lazy {...props} />);
      };
    },
  };
}
