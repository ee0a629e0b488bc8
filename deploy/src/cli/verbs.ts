import fs from 'node:fs/promises';
import path from 'node:path';
import { RefusalError } from '../errors';
import { renderNginxSite } from '../nginx/render';
import * as ops from '../operations';
import { checkHost, hostBreakLine, type HostBreak } from '../publish/host-check';
import { defaultHostSource, loadHostProvides } from '../publish/host-provides';
import { publish } from '../publish/publish';
import { DEFAULT_POLICY } from '../rollout/auto-rollback';
import { FolderBlobStore } from '../store/folder-blob-store';
import { ReleaseStore } from '../store/release-store';
import { packDist } from '../publish/archive';
import { readRoutesFile } from '../publish/routes-file';
import { historyLines, statusLines } from './format';
import { COMMON, num, str, type OptionName, type Parsed } from './options';
import { callServer, checkHostOnServer, listRemotes, serverHistoryLines, serverStatusLines, type RemoteState, type ServerTarget } from './server';

export interface Env {
  /** Where the user ran the command (pnpm changes the working folder to the package). */
  cwd: string;
  repoRoot: string;
  user: string | undefined;
  out: (line: string) => void;
  /** DEPLOY_SERVER and DEPLOY_TOKEN: the release API instead of a store folder (--server, --token win). */
  server?: string | undefined;
  token?: string | undefined;
}

export interface Verb {
  usage: string;
  positionals: number;
  options: OptionName[];
  /** Resolves to the exit code when it is not 0 (check-host: 1 when a released version would break). */
  run: (p: Parsed, env: Env) => Promise<void | number>;
}

/** `readOnly` verbs need no author: nothing lands in the history. */
function context(p: Parsed, env: Env, readOnly = false): ops.DeployContext {
  const root = path.resolve(env.cwd, str(p, 'store') ?? path.join(env.repoRoot, '.data', 'releases'));
  const who = str(p, 'who') ?? env.user ?? '';
  if (!who && !readOnly) throw new RefusalError('say who deploys: --who NAME (or set USER)');
  return { store: new ReleaseStore(new FolderBlobStore(root)), env: str(p, 'env') ?? 'production', who };
}

/**
 * The release API the verbs go through, or null for the folder mode. In server mode the server
 * names the author and the environment: --who, --store and --env are refused rather than ignored.
 */
function serverOf(p: Parsed, env: Env): ServerTarget | null {
  const url = str(p, 'server') ?? env.server;
  const token = str(p, 'token') ?? env.token;
  if (!url) {
    if (str(p, 'token')) throw new RefusalError('--token goes with --server URL (or DEPLOY_SERVER)');
    return null;
  }
  if (!token) throw new RefusalError('--server needs --token T (or DEPLOY_TOKEN): a CI release token or an operator token');
  const folderOnly = (['who', 'store', 'env'] as const).filter((name) => p.values[name] !== undefined);
  if (folderOnly.length) {
    throw new RefusalError(`--${folderOnly.join(', --')}: the server records who you are and releases on its own environment; leave these out with --server`);
  }
  if (!/^https?:\/\//.test(url)) throw new RefusalError(`--server must be an http(s) URL (got "${url}")`);
  return { url, token };
}

/** One rollout step through the API, answering the remote's state. */
const post = (server: ServerTarget, step: string, json: Record<string, unknown>) => callServer<RemoteState>(server, `api/operator/releases/${step}`, { json });

function required(p: Parsed, name: OptionName): string {
  const value = str(p, name);
  if (!value) throw new RefusalError(`--${name} is required`);
  return value;
}

const arg = (p: Parsed, i: number) => p.positionals[i] ?? '';

async function report(env: Env, done: Promise<unknown>, line: string): Promise<void> {
  await done;
  env.out(line);
}

export const VERBS: Record<string, Verb> = {
  publish: {
    usage: 'publish <remote> [--version V] [--dist PATH] [--host PATH] [--reason TEXT]   (the reason is required with --server)',
    positionals: 1,
    options: ['version', 'dist', 'host', 'reason'],
    run: async (p, env) => {
      const server = serverOf(p, env);
      const remote = arg(p, 0);
      const dist = path.resolve(env.cwd, str(p, 'dist') ?? path.join(env.repoRoot, remote, 'dist'));
      if (server) {
        if (str(p, 'host')) throw new RefusalError('--host: the server checks the build against the host it serves; leave it out with --server');
        const reason = required(p, 'reason');
        await readRoutesFile(dist);
        const archive = await packDist(dist);
        const version = str(p, 'version');
        const done = await callServer<{ version: string; files: number }>(server, 'api/operator/releases/upload', {
          body: archive,
          query: { remote, reason, ...(version ? { version } : {}) },
        });
        env.out(`published ${remote} ${done.version}: ${done.files} files (${archive.length} bytes packed) on ${server.url}`);
        const state = (await listRemotes(server)).remotes.find((r) => r.remote === remote);
        env.out(
          state?.stable
            ? `next: deploy canary ${remote} ${done.version} --percent 10 --reason "…"`
            : `next (first release): deploy promote ${remote} --version ${done.version} --reason "…"`,
        );
        return;
      }
      if (str(p, 'reason')) throw new RefusalError('--reason: the folder mode keeps no record of a publish; leave it out without --server');
      const ctx = context(p, env);
      const hostSource = path.resolve(env.cwd, str(p, 'host') ?? defaultHostSource(env.repoRoot));
      const host = await loadHostProvides(hostSource).catch((e: Error) => {
        throw new RefusalError(`cannot read the host's shared versions: ${e.message}`);
      });
      const version = str(p, 'version');
      const release = await publish(ctx.store, { remote, distDir: dist, host, who: ctx.who, ...(version ? { version } : {}) });
      env.out(`published ${remote} ${release.version}: ${release.files.length} files in ${ctx.store.blobs.location}/${remote}/${release.version}/`);
      const hasStable = !!(await ctx.store.readManifest(ctx.env)).remotes[remote]?.stable;
      // A remote's first version has no stable to compare a canary with: it goes straight to stable.
      env.out(
        hasStable
          ? `next: deploy canary ${remote} ${release.version} --percent 10`
          : `next (first release): deploy promote ${remote} --version ${release.version}`,
      );
    },
  },
  canary: {
    usage:
      'canary <remote> <version> (--percent N | --steps 5,25,50,100 [--pause-minutes M] [--watch-minutes W]) [--reason TEXT]   (starts, changes or resumes a canary; --steps: the server advances it; the reason is required with --server)',
    positionals: 2,
    options: ['percent', 'steps', 'pause-minutes', 'watch-minutes', 'reason'],
    run: async (p, env) => {
      const server = serverOf(p, env);
      const stepsText = str(p, 'steps');
      const steps = stepsText?.split(',').map((part) => {
        const n = Number(part);
        if (part.trim() === '' || !Number.isFinite(n)) throw new RefusalError(`--steps must be percentages separated by commas (got "${stepsText}")`);
        return n;
      });
      const pauseMinutes = num(p, 'pause-minutes', 0)!;
      const watchMinutes = num(p, 'watch-minutes');
      const percent = steps ? steps[0]! : num(p, 'percent');
      if (percent === undefined) throw new RefusalError('--percent is required (0 < N ≤ 100), or a plan with --steps');
      const plan = steps ? { steps, pauseMinutes, ...(watchMinutes !== undefined ? { watchMinutes } : {}) } : undefined;
      const planText = plan ? ` (step plan ${plan.steps.join(' → ')} %, at least ${pauseMinutes} min per step)` : '';
      if (server) {
        const body = plan
          ? { steps: plan.steps, pause_minutes: pauseMinutes, ...(watchMinutes !== undefined ? { watch_minutes: watchMinutes } : {}) }
          : { percent };
        await post(server, 'canary', { remote: arg(p, 0), version: arg(p, 1), ...body, reason: required(p, 'reason') });
        env.out(`${arg(p, 0)} ${arg(p, 1)} on canary for ${percent} % of users on ${server.url}${planText}`);
        return;
      }
      const ctx = context(p, env);
      await report(
        env,
        ops.canary(ctx, arg(p, 0), arg(p, 1), percent, plan),
        `${arg(p, 0)} ${arg(p, 1)} on canary for ${percent} % of ${ctx.env} users${planText}`,
      );
    },
  },
  promote: {
    usage:
      'promote <remote> [--version V] [--force] [--reason TEXT]   (canary → stable; --version: a published version straight to stable; --force overrides the gate; the reason is required with --server)',
    positionals: 1,
    options: ['version', 'force', 'reason'],
    run: async (p, env) => {
      const server = serverOf(p, env);
      const version = str(p, 'version');
      if (server) {
        const state = await post(server, 'promote', {
          remote: arg(p, 0),
          ...(version ? { version } : {}),
          ...(p.values.force ? { force: true } : {}),
          reason: required(p, 'reason'),
        });
        env.out(`${arg(p, 0)} ${state.stable} is stable on ${server.url}`);
        return;
      }
      if (p.values.force) throw new RefusalError("--force overrides the server's promote gate; the folder mode has none");
      const ctx = context(p, env);
      const reason = str(p, 'reason');
      const m = await ops.promote(ctx, arg(p, 0), version, reason ? { reason } : {});
      env.out(`${arg(p, 0)} ${m.remotes[arg(p, 0)]?.stable?.version} is stable on ${ctx.env}`);
    },
  },
  rollback: {
    usage: 'rollback <remote> [--reason TEXT]   (drops a running canary; else back to the previous stable; the reason is required with --server)',
    positionals: 1,
    options: ['reason'],
    run: async (p, env) => {
      const server = serverOf(p, env);
      if (server) {
        const state = await post(server, 'rollback', { remote: arg(p, 0), reason: required(p, 'reason') });
        const last = state.history.at(-1);
        env.out(`${arg(p, 0)}: rolled back from ${last?.from} to ${last?.to ?? 'nothing'} on ${server.url}`);
        return;
      }
      const ctx = context(p, env);
      const m = await ops.rollback(ctx, arg(p, 0), str(p, 'reason'));
      const last = m.remotes[arg(p, 0)]?.history.at(-1);
      env.out(`${arg(p, 0)}: rolled back from ${last?.from} to ${last?.to ?? 'nothing'} on ${ctx.env}`);
    },
  },
  pin: {
    usage: 'pin <remote> <version> --user ID [--reason TEXT]   (the reason is required with --server)',
    positionals: 2,
    options: ['user', 'reason'],
    run: async (p, env) => {
      const server = serverOf(p, env);
      if (server) {
        await post(server, 'pin', { remote: arg(p, 0), version: arg(p, 1), user: required(p, 'user'), reason: required(p, 'reason') });
        env.out(`user ${str(p, 'user')} pinned to ${arg(p, 0)} ${arg(p, 1)}`);
        return;
      }
      const ctx = context(p, env);
      await report(
        env,
        ops.pin(ctx, arg(p, 0), arg(p, 1), required(p, 'user'), str(p, 'reason')),
        `user ${str(p, 'user')} pinned to ${arg(p, 0)} ${arg(p, 1)}`,
      );
    },
  },
  unpin: {
    usage: 'unpin <remote> --user ID [--reason TEXT]   (the reason is required with --server)',
    positionals: 1,
    options: ['user', 'reason'],
    run: async (p, env) => {
      const server = serverOf(p, env);
      if (server) {
        await post(server, 'unpin', { remote: arg(p, 0), user: required(p, 'user'), reason: required(p, 'reason') });
        env.out(`user ${str(p, 'user')} unpinned from ${arg(p, 0)}`);
        return;
      }
      const ctx = context(p, env);
      await report(env, ops.unpin(ctx, arg(p, 0), required(p, 'user'), str(p, 'reason')), `user ${str(p, 'user')} unpinned from ${arg(p, 0)}`);
    },
  },
  qa: {
    usage: 'qa <remote> (--add ID | --remove ID) [--reason TEXT]   (who may use the ?mf version override; the reason is required with --server)',
    positionals: 1,
    options: ['add', 'remove', 'reason'],
    run: async (p, env) => {
      const add = str(p, 'add');
      const remove = str(p, 'remove');
      if (!add === !remove) throw new RefusalError('give exactly one of --add ID or --remove ID');
      const user = add ?? remove ?? '';
      const server = serverOf(p, env);
      if (server) {
        await post(server, 'qa', { remote: arg(p, 0), user, allowed: !!add, reason: required(p, 'reason') });
        env.out(`user ${user} ${add ? 'may now' : 'may no longer'} override ${arg(p, 0)} versions`);
        return;
      }
      const ctx = context(p, env);
      await report(
        env,
        ops.setQaUser(ctx, arg(p, 0), user, !!add, str(p, 'reason')),
        `user ${user} ${add ? 'may now' : 'may no longer'} override ${arg(p, 0)} versions`,
      );
    },
  },
  status: {
    usage: 'status',
    positionals: 0,
    options: [],
    run: async (p, env) => {
      const server = serverOf(p, env);
      if (server) {
        const { env: name, remotes } = await listRemotes(server);
        serverStatusLines(`${name} on ${server.url}`, remotes).forEach((l) => env.out(l));
        return;
      }
      const ctx = context(p, env, true);
      ops.assertEnv(ctx.env);
      statusLines(await ctx.store.readManifest(ctx.env), await ctx.store.readStats(ctx.env), ctx.env).forEach((l) => env.out(l));
    },
  },
  pause: {
    usage: 'pause <remote> [--reason TEXT]   (nobody new is bucketed onto the canary; resume with canary; the reason is required with --server)',
    positionals: 1,
    options: ['reason'],
    run: async (p, env) => {
      const server = serverOf(p, env);
      if (server) {
        await post(server, 'pause', { remote: arg(p, 0), reason: required(p, 'reason') });
      } else {
        await ops.pause(context(p, env), arg(p, 0), str(p, 'reason'));
      }
      env.out(`${arg(p, 0)}: canary paused (everyone on stable; pins and QA overrides still reach it)`);
    },
  },
  history: {
    usage: 'history <remote>',
    positionals: 1,
    options: [],
    run: async (p, env) => {
      const server = serverOf(p, env);
      if (server) {
        const { remotes } = await listRemotes(server);
        serverHistoryLines(
          remotes.find((r) => r.remote === arg(p, 0)),
          arg(p, 0),
        ).forEach((l) => env.out(l));
        return;
      }
      const ctx = context(p, env, true);
      ops.assertEnv(ctx.env);
      historyLines(await ctx.store.readManifest(ctx.env), arg(p, 0)).forEach((l) => env.out(l));
    },
  },
  'check-host': {
    usage: 'check-host --host <host build folder | its mf-manifest.json>   (lists every released remote version the new host would break; exit 1 when any)',
    positionals: 0,
    options: ['host'],
    run: async (p, env) => {
      const hostSource = path.resolve(env.cwd, required(p, 'host'));
      if (path.basename(hostSource) === 'package.json') {
        throw new RefusalError(
          "--host: give the new host's build (its folder or mf-manifest.json); a package.json lists packages, not the modules remotes take from the host",
        );
      }
      const server = serverOf(p, env);
      let breaks: HostBreak[];
      let checked: number;
      let where: string;
      if (server) {
        const answer = await checkHostOnServer(server, hostSource);
        ({ breaks, checked } = answer);
        where = `${answer.env} on ${server.url}`;
        if (answer.unchecked.length) env.out(`not checked (outside your release scope): ${answer.unchecked.join(', ')}`);
      } else {
        const ctx = context(p, env, true);
        ops.assertEnv(ctx.env);
        const host = await loadHostProvides(hostSource).catch((e: Error) => {
          throw new RefusalError(`cannot read the new host's shared versions: ${e.message}`);
        });
        const result = await checkHost(ctx.store, await ctx.store.readManifest(ctx.env), host);
        breaks = result.breaks;
        checked = result.checked.length;
        where = ctx.env;
      }
      breaks.forEach((broken) => env.out(hostBreakLine(broken)));
      if (breaks.length) {
        env.out(`the new host would break ${breaks.length} of ${checked} released versions on ${where}: release those remotes for it first, or keep the host`);
        return 1;
      }
      env.out(`all ${checked} released versions on ${where} run on the new host`);
    },
  },
  'auto-rollback': {
    usage: `auto-rollback [--margin POINTS (${DEFAULT_POLICY.marginPoints})] [--min-loads N (${DEFAULT_POLICY.minLoads})]`,
    positionals: 0,
    options: ['margin', 'min-loads'],
    run: async (p, env) => {
      if (serverOf(p, env)) throw new RefusalError('auto-rollback works on a store folder; the server judges its canaries by itself');
      const ctx = context(p, env);
      const marginPoints = num(p, 'margin', DEFAULT_POLICY.marginPoints) ?? DEFAULT_POLICY.marginPoints;
      const minLoads = num(p, 'min-loads', DEFAULT_POLICY.minLoads) ?? DEFAULT_POLICY.minLoads;
      if (marginPoints < 0 || minLoads < 1) throw new RefusalError('--margin must be ≥ 0 and --min-loads ≥ 1');
      const { verdicts } = await ops.autoRollback(ctx, { marginPoints, minLoads });
      if (!verdicts.length) env.out('no canary is running');
      for (const v of verdicts) env.out(`${v.remote} ${v.canary}: ${v.rollBack ? 'ROLLED BACK' : 'kept'} — ${v.reason}`);
    },
  },
  'nginx-config': {
    usage: 'nginx-config --api HOST:PORT [--api HOST:PORT…] --releases-root DIR --host-root DIR [--server-name N] [--listen L] [--access-log FILE]',
    positionals: 0,
    options: ['api', 'releases-root', 'host-root', 'server-name', 'listen', 'access-log'],
    run: async (p, env) => {
      const template = await fs.readFile(new URL('../../production/nginx-site.conf.template', import.meta.url), 'utf8');
      const api = p.values.api;
      const serverName = str(p, 'server-name');
      const listen = str(p, 'listen');
      const accessLog = str(p, 'access-log');
      env.out(
        renderNginxSite(template, {
          apiServers: Array.isArray(api) ? api : [],
          releasesRoot: required(p, 'releases-root'),
          hostRoot: required(p, 'host-root'),
          ...(serverName ? { serverName } : {}),
          ...(listen ? { listen } : {}),
          ...(accessLog ? { accessLog } : {}),
        }),
      );
    },
  },
};

/** Refuses options a verb does not take and a wrong number of arguments, naming the usage. */
export function checkShape(verb: Verb, p: Parsed): void {
  const allowed = new Set<string>([...COMMON, ...verb.options]);
  const extra = Object.keys(p.values).filter((name) => !allowed.has(name));
  if (extra.length) throw new RefusalError(`${p.verb} does not take --${extra.join(', --')}\nusage: deploy ${verb.usage}`);
  if (p.positionals.length !== verb.positionals) throw new RefusalError(`usage: deploy ${verb.usage}`);
}
