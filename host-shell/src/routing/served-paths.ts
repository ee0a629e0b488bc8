import { matchPath } from 'shared-sdk/router';

/** A path with a parameter (`:id`), an optional segment (`?`) or a splat (`*`): matched as the router does. */
const PATTERN = /[:*?]/;

/** As the router compares a static path: letters in any case, trailing slashes ignored. */
const normalized = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';
/** A route's path as the router reads it: one leading slash, whether declared or not. */
const routePath = (path: string) => normalized(`/${path.replace(/^\/+/, '')}`);

/**
 * Whether one of `paths` (route paths, as the router declares them) serves a url (its query ignored),
 * as `matchPath({ path, end: true }, url)` over every path would say, but in a set lookup for the
 * static paths and once per url. The sidebar asks this of each of its entries every time it is built
 * (two or three times while a page loads), and react-router compiles a regular expression for each
 * path on each call: a dozen entries against some thirty paths were up to 360 of them a build, 2-33 ms
 * of the frame in which the sidebar first draws at 2x CPU (bench/RESULTS.md).
 */
export function servedPaths(paths: readonly string[]): (url: string) => boolean {
  const exact = new Set(paths.filter((path) => !PATTERN.test(path)).map(routePath));
  const patterns = paths.filter((path) => PATTERN.test(path));
  const answers = new Map<string, boolean>();
  return (url) => {
    const path = url.split('?')[0] ?? url;
    let served = answers.get(path);
    if (served === undefined) {
      // A path the router sees never lacks its leading slash; one that does matches no route.
      served = (path.startsWith('/') && exact.has(normalized(path))) || patterns.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null);
      answers.set(path, served);
    }
    return served;
  };
}
