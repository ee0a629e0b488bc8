/** A route a remote declares (`routes.json`); the host's router reads the fields it knows. */
export interface RouteDeclaration {
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
  routes: RouteDeclaration[];
}
