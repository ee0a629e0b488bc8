import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import { Quiet } from './quiet';
import './lazy-app.css';

type Part = keyof useAppProps;
const PARTS: readonly Part[] = ['modal', 'message', 'notification'];
type Holder = ComponentType<{ onReady: (api: never) => void }>;

// Each part is its own chunk: a page that only shows a message never loads the dialogs.
const HOLDERS: Record<Part, Holder> = {
  message: lazy(async () => ({ default: (await import('./message-holder')).MessageHolder as Holder })),
  notification: lazy(async () => ({ default: (await import('./notification-holder')).NotificationHolder as Holder })),
  modal: lazy(async () => ({ default: (await import('./modal-holder')).ModalHolder as Holder })),
};

type Method = (...args: unknown[]) => unknown;
type Result = { then?: Method; destroy?: Method; update?: Method } & Partial<Method>;

/**
 * What a call made before its part has loaded returns: antd's message methods return a close
 * function that is also a promise of the close, the modal methods `{ destroy, update }` (and a
 * promise of the answer). Each is passed on to the real result once it exists.
 */
function pendingResult(result: Promise<unknown>) {
  const forward = (method: 'destroy' | 'update' | null, args: unknown[]) =>
    void result.then((real) => {
      const target = real as Result | undefined;
      const fn = method ? target?.[method] : target;
      if (typeof fn === 'function') (fn as Method).apply(target, args);
    });
  return Object.assign(() => forward(null, []), {
    then: (ok?: (value: unknown) => unknown, fail?: (error: unknown) => unknown) =>
      result.then((real) => {
        const target = real as Result | undefined;
        return typeof target?.then === 'function' ? (target.then as Method)(ok, fail) : ok?.(true);
      }, fail),
    destroy: (...args: unknown[]) => forward('destroy', args),
    update: (...args: unknown[]) => forward('update', args),
  });
}

/** An API object whose every method loads the part on first use, then calls the real one. */
function deferredApi<T extends object>(current: () => T | undefined, load: () => Promise<T>): T {
  return new Proxy({} as T, {
    get(_target, prop) {
      if (typeof prop !== 'string' || prop === 'then') return undefined;
      return (...args: unknown[]) => {
        const real = current() as Record<string, Method> | undefined;
        if (real) return real[prop]?.(...args);
        return pendingResult(load().then((api) => (api as Record<string, Method>)[prop]?.(...args)));
      };
    },
  });
}

/**
 * The App context's value (each part deferred until its holder reports the real API) and the
 * holders' callbacks. `request` mounts a part's holder.
 */
function createParts(request: (name: Part) => void) {
  const apis: Partial<useAppProps> = {};
  const waiting: { [P in Part]?: ((api: useAppProps[P]) => void)[] } = {};
  const part = <P extends Part>(name: P) =>
    deferredApi<useAppProps[P]>(
      () => apis[name],
      () =>
        new Promise<useAppProps[P]>((resolve) => {
          (waiting[name] ??= [] as never).push(resolve);
          request(name);
        }),
    );
  const ready =
    <P extends Part>(name: P) =>
    (api: useAppProps[P]) => {
      apis[name] = api;
      const queued = waiting[name] ?? [];
      waiting[name] = [];
      for (const resolve of queued) resolve(api);
    };
  return {
    value: { message: part('message'), notification: part('notification'), modal: part('modal') } satisfies useAppProps,
    ready: { message: ready('message'), notification: ready('notification'), modal: ready('modal') } as Record<Part, (api: never) => void>,
  };
}

/**
 * antd's App (the context `App.useApp()` reads: message, notification, modal), with each part's
 * code loaded on its first use instead of with the page: the shell shows no message or dialog when
 * it opens. Drawn as App draws its root (lazy-app.css); the parts' holders mount after the
 * children, so loading one never remounts the screen.
 */
export function LazyApp({ children }: { children?: ReactNode }) {
  const [wanted, setWanted] = useState<Record<Part, boolean>>({ modal: false, message: false, notification: false });
  const [parts] = useState(() => createParts((name) => setWanted((now) => (now[name] ? now : { ...now, [name]: true }))));

  return (
    <AppContext.Provider value={parts.value}>
      <div className="shell-app">{children}</div>
      {PARTS.filter((name) => wanted[name]).map((name) => {
        const Holder = HOLDERS[name];
        return (
          <Quiet key={name}>
            <Suspense fallback={null}>
              <Holder onReady={parts.ready[name]} />
            </Suspense>
          </Quiet>
        );
      })}
    </AppContext.Provider>
  );
}
