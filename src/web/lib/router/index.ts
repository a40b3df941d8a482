// The part of React Router's API this app uses, with the same behaviour, in about 2 KB instead of 13
// (docs/decisions/017-own-router.md).
export { BrowserRouter, StaticRouter } from './routers';
export { elementsAt, Outlet, Route, Routes, type RouteProps } from './routes';
export { Link, Navigate, NavLink, type LinkProps, type NavLinkProps } from './links';
export {
  useHref,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type NavigateFunction,
  type SetSearchParams,
} from './hooks';
export type { Location, NavigateOptions } from './context';
export type { Params } from './match';
