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
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
export type { Location, NavigateFunction, RouteObject } from 'react-router-dom';
