import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

/**
 * A module the browser loads apart from a page's hydration (decision 114), for UI shown only
 * sometimes (errors, modals). The server renders it synchronously from the module entry.server
 * registers (nothing may suspend on the server: docs/decisions/108); the browser loads it when it is
 * first shown, or earlier by `load()`. Its components render inside a Suspense boundary on both
 * sides, so a server-rendered one keeps its HTML until the chunk is in, and React then hydrates it.
 */
export interface DeferredModule<M> {
  load(): Promise<M>;
  /** The module once loaded (always on the server after register). */
  readonly current: M | undefined;
  register(module: M): void;
  component<P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P>;
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
  const boundary = (children: ReactNode) => <Suspense fallback={null}>{children}</Suspense>;
  return {
    load,
    get current() {
      return current;
    },
    register(module) {
      current = module;
      loading = Promise.resolve(module);
    },
    component<P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P> {
      if (typeof document === "undefined") {
        return function ServerRendered(props: P) {
          if (!current) throw new Error(`${name}: not registered (entry.server)`);
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
