/**
 * `shared-sdk/router`: the part of React Router the back-office uses, and the only module that
 * imports react-router(-dom) (an ESLint rule forbids it elsewhere).
 *
 * This module, not react-router-dom, is the Module Federation singleton: the host provides it and
 * every remote takes the host's copy, so there is one router in the page and the host's router
 * contexts reach the remote screens. A shared module is bundled whole, whatever its consumers use;
 * sharing react-router-dom itself shipped all of it (server rendering, cookies, RSC, …) to every
 * page. Here only the names below are imported from it, so the build drops the rest.
 *
 * Need another export? Add it here (values and types), rebuild the host, then the remotes.
 */
import { type NavigateOptions, type To, useNavigate as useRouterNavigate } from 'react-router-dom';

export {
  createBrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
export type { Location, RouteObject } from 'react-router-dom';

/**
 * React Router's `navigate`, typed as answering nothing. In a data router (`createBrowserRouter`, which
 * the host uses) the library's navigate returns a promise of the navigation's end, in a declarative
 * router nothing, so its type is `void | Promise<void>` and every call would need a `void` to satisfy
 * lint's no-floating-promises. Nothing here waits for a navigation's end, and that promise does not
 * reject (the router shows its own failures), so the hook is the library's own, typed as a navigate
 * whose answer is dropped: no code of its own in the shared module, which every page loads.
 */
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

export const useNavigate: () => NavigateFunction = useRouterNavigate;
