/**
 * A route as a release keeps it in `routes.json`: unchecked, a path and whatever else the remote's
 * build wrote. The contract's `RouteDeclaration` (shared-sdk) is what the host and the server read
 * out of it (the server's `wellFormedRoutes` keeps the routes that match it).
 */
export interface StoredRoute {
  path: string;
  [field: string]: unknown;
}

export interface SharedSingleton {
  /** The version bundled into the build. */
  version: string;
  /** The range the build accepts from whoever provides the singleton (the host). */
  requiredVersion: string;
}

/** `release.json`: written last when a version is published, so its presence means "complete". */
export interface ReleaseInfo {
  remote: string;
  version: string;
  createdAt: string;
  createdBy: string;
  /** The file the host registers with the Module Federation runtime. */
  entry: string;
  /** The JavaScript remote entry named by `mf-manifest.json`. */
  remoteEntry: string;
  files: string[];
  /** sha384 subresource-integrity hash of every JavaScript and JSON file, by path. */
  integrity: Record<string, string>;
  shared: Record<string, SharedSingleton>;
  routes: StoredRoute[];
}
