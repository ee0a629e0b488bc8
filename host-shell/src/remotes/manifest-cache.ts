/**
 * Remote manifests fetched ahead of time (once the page is in use, when idle), so opening a remote screen does
 * not wait for its manifest: the federation runtime's manifest fetch is answered from here. A
 * manifest is small JSON (no JavaScript runs and nothing counts against the page's script budget);
 * released manifests never change under the same URL. A failed or refused warm-up is forgotten, so
 * the runtime then fetches (and reports a failure) exactly as without it.
 */
export class ManifestCache {
  private readonly responses = new Map<string, Promise<Response | undefined>>();

  /** @param load fetches one manifest (with its integrity hash when the release names one). */
  constructor(private readonly load: (url: string) => Promise<Response>) {}

  warm(url: string): void {
    const key = new URL(url, window.location.href).href;
    if (this.responses.has(key)) return;
    const response = this.load(key).then(
      (res) => (res.ok ? res : undefined),
      () => undefined,
    );
    this.responses.set(key, response);
    void response.then((res) => {
      if (!res) this.responses.delete(key);
    });
  }

  has(url: string): boolean {
    return this.responses.has(new URL(url, window.location.href).href);
  }

  /** A copy of the warmed response, or undefined when there is none (or it failed). */
  async take(url: string): Promise<Response | undefined> {
    const response = await this.responses.get(new URL(url, window.location.href).href);
    return response?.clone();
  }
}

/** Runs `work` when the page has nothing better to do (or soon, where idle callbacks do not exist). */
export function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => work(), { timeout: 3000 });
  else setTimeout(work, 200);
}

const ACTIVITY = ['pointermove', 'pointerdown', 'keydown'] as const;

/** Runs `work` once, at the first sign of someone using the page (a pointer moving, a key pressed). */
export function onFirstActivity(work: () => void, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): void {
  const run = () => {
    for (const type of ACTIVITY) target.removeEventListener(type, run, true);
    work();
  };
  for (const type of ACTIVITY) target.addEventListener(type, run, { capture: true, passive: true });
}
