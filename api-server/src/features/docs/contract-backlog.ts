/**
 * What the contract-coverage test (contract.test.ts) accepts without a contract schema.
 *
 * NOT_CONVERTED is the work left of moving every call into the shared contract (docs/architecture.md, Data flow): registered calls still written with plain JSON schemas
 * and hand-written types. Convert a feature (its schemas into `shared-sdk/src/contract/<feature>/schemas.ts`, its
 * routes through `serve()`), then delete its lines here: the test fails while a converted route is
 * still listed, so the list cannot go stale.
 */
export const NOT_CONVERTED: readonly string[] = [];

/**
 * Contract calls declared ahead of their routes (the operators' console is built against
 * the contract while the server side lands): the coverage test accepts them unserved, and fails
 * once one is served while still listed, so this list only shrinks.
 */
export const NOT_SERVED_YET: readonly string[] = [];

/**
 * Routes that are not calls of the contract, and never will be: they serve files or a protocol of
 * their own, not the `{code, msg, data}` envelope.
 */
export const NOT_CALLS: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /^GET \/\*$/, why: "the host's build and the single-page fallback" },
  { pattern: /^GET \/remotes\//, why: "the remotes' builds" },
  { pattern: /^GET \/releases\//, why: 'published release files' },
  { pattern: /^(GET|PUT|POST|DELETE) \/oss\//, why: 'the embedded storage speaks the OSS protocol (XML errors, ranges)' },
  { pattern: /^GET \/api\/openapi\.json$/, why: 'the contract document itself' },
  { pattern: /^GET \/api\/docs(\/|$)/, why: 'the documentation page and its files' },
  { pattern: /^GET \/metrics$/, why: "Prometheus's text format for the scraper, outside the envelope (plugins/app/metrics.ts)" },
  { pattern: /^GET \/(healthz|readyz)$/, why: "the load balancer's probes: plain JSON outside the envelope, never signed (features/runtime/health.ts)" },
];
