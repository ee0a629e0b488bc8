import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import { HideOnError } from './hide-on-error';
import './lazy-app.css';

type Part = keyof useAppProps;
const PARTS: readonly Part[] = ['modal', 'message', 'notification'];
type Holder = ComponentType<{ onReady: (api: never) => void }>;

// Each part is its own chunk: a page that only shows a message never loads the dialogs.
const LOADERS: Record<Part, () => Promise<Holder>> = {
  message: async () => (await import('./message-holder')).MessageHolder as Holder,
  notification: async () => (await import('./notification-holder')).NotificationHolder as Holder,
  modal: async () => (await import('./modal-holder')).ModalHolder as Holder,
};

/**
 * What a call settles as when its part's code failed to load (nothing was shown): a message is
 * closed (its promise gives true, as antd's does on close), a dialog cancelled (false, as antd's
 * confirm gives on cancel). Notification methods return nothing.
 */
const MISSED: Record<Part, unknown> = { message: Promise.resolve(true), notification: undefined, modal: Promise.resolve(false) };

type Method = (...args: unknown[]) => unknown;
type Result = { then?: Method; destroy?: Method; update?: Method } & Partial<Method>;

/**
 * What a call made before its part has loaded returns: antd's message methods return a close
 * function that is also a promise of the close, the modal methods `{ destroy, update }` (and a
 * promise of the answer). Each is passed on to the real result once it exists.
 */
function pendingResult(result: Promise<{ real: unknown }>) {
  const forward = (method: 'destroy' | 'update' | null, args: unknown[]) =>
    void result.then(({ real }) => {
      const target = real as Result | undefined;
      const fn = method ? target?.[method] : target;
      if (typeof fn === 'function') (fn as Method).apply(target, args);
    });
  return Object.assign(() => forward(null, []), {
    then: (ok?: (value: unknown) => unknown, fail?: (error: unknown) => unknown) =>
      result.then(({ real }) => {
        const target = real as Result | undefined;
        return typeof target?.then === 'function' ? (target.then as Method)(ok, fail) : ok?.(true);
      }, fail),
    destroy: (...args: unknown[]) => forward('destroy', args),
    update: (...args: unknown[]) => forward('update', args),
  });
}

/**
 * An API object whose every method loads the part on first use, then calls the real one; `load`
 * gives undefined if the part failed to load, and such calls return `missed`.
 */
function deferredApi<T extends object>(current: () => T | undefined, load: () => Promise<T | undefined>, missed: unknown): T {
  return new Proxy({} as T, {
    get(_target, prop) {
      if (typeof prop !== 'string' || prop === 'then') return undefined;
      return (...args: unknown[]) => {
        const real = current() as Record<string, Method> | undefined;
        if (real) return real[prop]?.(...args);
        // Boxed: the real result is thenable, and a promise would wait for it to settle.
        return pendingResult(load().then((api) => ({ real: api ? (api as Record<string, Method>)[prop]?.(...args) : missed })));
      };
    },
  });
}

/**
 * The App context's value (each part deferred until its holder reports the real API) and the
 * holders' callbacks. `request` mounts a part's holder, once per load (`failed` un-requests the part).
 */
function createParts(request: (name: Part) => void) {
  const apis: Partial<useAppProps> = {};
  // The calls waiting for each requested part; a part not in it is not being loaded.
  const waiting: { [P in Part]?: ((api: useAppProps[P] | undefined) => void)[] } = {};
  const part = <P extends Part>(name: P) =>
    deferredApi<useAppProps[P]>(
      () => apis[name],
      () =>
        new Promise<useAppProps[P] | undefined>((resolve) => {
          const queue = waiting[name];
          if (queue) return void queue.push(resolve);
          waiting[name] = [resolve] as never;
          request(name);
        }),
      MISSED[name],
    );
  const settle = <P extends Part>(name: P, api: useAppProps[P] | undefined) => {
    const queued = waiting[name] ?? [];
    delete waiting[name];
    for (const resolve of queued) resolve(api);
  };
  const ready =
    <P extends Part>(name: P) =>
    (api: useAppProps[P]) => {
      apis[name] = api;
      settle(name, api);
    };
  return {
    value: { message: part('message'), notification: part('notification'), modal: part('modal') } satisfies useAppProps,
    ready: { message: ready('message'), notification: ready('notification'), modal: ready('modal') } as Record<Part, (api: never) => void>,
    /** The part's code failed to load: its waiting calls settle as missed, the next call loads it again. */
    failed: (name: Part) => settle(name, undefined),
  };
}

/**
 * antd's App (the context `App.useApp()` reads: message, notification, modal), with each part's
 * code loaded on its first use instead of with the page: the shell shows no message or dialog when
 * it opens. Drawn as App draws its root (lazy-app.css); the parts' holders mount after the
 * children, so loading one never remounts the screen.
 */
export function LazyApp({ children }: { children?: ReactNode }) {
  // Each requested part's holder; `key` tells a new load's from a failed one's.
  const [holders, setHolders] = useState<{ [P in Part]?: { Holder: Holder; key: number } }>({});
  const [parts] = useState(() => {
    let loads = 0;
    const parts = createParts((name) => {
      // A new `lazy` for each load: one whose import failed keeps the failure for good.
      const Holder: Holder = lazy(() =>
        LOADERS[name]().then(
          (Loaded) => ({ default: Loaded }),
          (error: unknown) => {
            parts.failed(name);
            setHolders((now) => (now[name]?.Holder === Holder ? { ...now, [name]: undefined } : now));
            throw error; // HideOnError shows nothing for it, if it is still mounted
          },
        ),
      );
      const key = ++loads;
      setHolders((now) => ({ ...now, [name]: { Holder, key } }));
    });
    return parts;
  });

  return (
    <AppContext.Provider value={parts.value}>
      <div className="shell-app">{children}</div>
      {PARTS.map((name) => {
        const { Holder, key } = holders[name] ?? {};
        return Holder ? (
          <HideOnError key={`${name}-${key}`}>
            <Suspense fallback={null}>
              <Holder onReady={parts.ready[name]} />
            </Suspense>
          </HideOnError>
        ) : null;
      })}
    </AppContext.Provider>
  );
}
