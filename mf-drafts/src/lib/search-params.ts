/** Reads a whole number from the URL, falling back when it is absent or not one of the allowed values. */
export function intParam<T extends number>(params: URLSearchParams, name: string, fallback: T, allowed: readonly T[]): T;
export function intParam(params: URLSearchParams, name: string, fallback: number): number;
export function intParam(params: URLSearchParams, name: string, fallback: number, allowed?: readonly number[]): number {
  const raw = params.get(name);
  if (raw === null || raw === '' || !/^-?\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  if (allowed && !allowed.includes(value)) return fallback;
  return value;
}

/** The next URL query: changed values replace old ones; defaults are left out to keep URLs short. */
export function withParams(params: URLSearchParams, changes: Record<string, string | number>, defaults: Record<string, string | number>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (String(value) === String(defaults[name] ?? '')) next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}
