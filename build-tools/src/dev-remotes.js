// In `pnpm dev` the host dev server answers GET /api/runtime/remotes itself: a remote whose dev
// server runs is served from it (live reload); any other remote comes from the API's own list.

/**
 * @typedef {import('./rspack.js').RemoteEntry} RemoteEntry
 * @typedef {{ port: number }} DevRemote
 */

/** @param {string} url */
async function fetchJson(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/**
 * @param {Record<string, DevRemote>} devRemotes by federation name
 * @param {string} apiTarget
 * @returns {Promise<RemoteEntry[]>}
 */
export async function composeDevRemotes(devRemotes, apiTarget) {
  /** @type {RemoteEntry[]} */
  let released = [];
  try {
    released = (await fetchJson(`${apiTarget}/api/runtime/remotes`)).data.remotes;
  } catch {
    // The API is not running: only remotes with a dev server are available.
  }
  const fromDev = await Promise.all(
    Object.entries(devRemotes).map(async ([name, { port }]) => {
      const origin = `http://localhost:${port}`;
      try {
        const declared = await fetchJson(`${origin}/routes.json`);
        return { name, version: `${declared.version}-dev`, manifestUrl: `${origin}/mf-manifest.json`, routes: declared.routes };
      } catch {
        return null;
      }
    }),
  );
  const live = fromDev.filter((entry) => entry !== null);
  const liveNames = new Set(live.map((entry) => entry.name));
  return [...live, ...released.filter((entry) => !liveNames.has(entry.name))];
}

/**
 * @param {Record<string, DevRemote>} devRemotes
 * @param {string} apiTarget
 */
export function devRemotesMiddleware(devRemotes, apiTarget) {
  return {
    name: 'dev-remotes-list',
    path: '/api/runtime/remotes',
    /**
     * @param {import('node:http').IncomingMessage} _req
     * @param {import('node:http').ServerResponse} res
     */
    middleware: async (_req, res) => {
      const remotes = await composeDevRemotes(devRemotes, apiTarget);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ code: 0, msg: 'success', data: { remotes } }));
    },
  };
}
