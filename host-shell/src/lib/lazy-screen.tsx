import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

export interface LazyScreen<Props extends object> extends LazyExoticComponent<ComponentType<Props>> {
  /** Starts fetching the screen's code (e.g. on menu hover) without rendering it. */
  preload: () => Promise<unknown>;
}

/**
 * A host screen whose code loads when its route first renders, so /login does not carry the shell,
 * the home page or the account pages (each is its own chunk with only the antd parts it uses).
 * Once the code is there, the screen renders without suspending (a synchronous thenable).
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyScreen<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const screen = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      // React reads a thenable that calls back at once as already resolved: no Suspense fallback.
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
    }
    return preload().then((component) => ({ default: component }));
  });
  // Under jest, a lazy screen resolving after render is outside act() and never shows: tests get
  // every screen loaded up front (the production build removes this branch).
  if (process.env.NODE_ENV === 'test') void preload();
  return Object.assign(screen, { preload });
}

/** Nothing while a screen's code arrives (usually one short request): no spinner flashing. */
export function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
