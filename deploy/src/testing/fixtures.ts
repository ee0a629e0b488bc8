import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { HostProvides } from '../publish/compat';

/** The part of node:test's context the helpers use (its type is not exported by our @types/node). */
export interface Cleanup {
  after: (fn: () => unknown) => void;
}

/** A fresh folder under the OS temp dir, removed after the test. */
export async function tempDir(t: Cleanup): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deploy-test-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

export const HOST: HostProvides = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  antd: '6.6.8',
  '@ant-design/icons': '6.3.4',
  '@reduxjs/toolkit': '2.14.0',
  'react-redux': '9.3.1',
  dayjs: '1.11.23',
  'shared-sdk': '1.0.0',
};

export interface FakeBuild {
  name?: string;
  version: string;
  /** Overrides the `requiredVersion` the build declares for some singletons. */
  required?: Record<string, string>;
  /** Files listed in mf-manifest.json but left out of dist/. */
  omit?: string[];
}

/** Writes a remote's build as rspack + Module Federation would: manifest, entry, chunks, routes. */
export async function writeBuild(dir: string, build: FakeBuild): Promise<string> {
  const name = build.name ?? 'mf_drafts';
  const chunk = `static/js/DraftList.${build.version.replace(/\D/g, '')}abcdef12.js`;
  const files: Record<string, string> = {
    'remoteEntry.js': `/* ${name} ${build.version} entry */ var ${name} = {};`,
    [chunk]: `/* draft list ${build.version} */ export default function DraftList() {}`,
    'static/css/DraftList.0badc0de.css': '.draft { color: red }',
    'assets/logo.0badc0de.png': 'PNG',
  };
  const shared = Object.entries(HOST).map(([pkg, version]) => ({
    id: `${name}:${pkg}`,
    name: pkg,
    version,
    singleton: true,
    requiredVersion: build.required?.[pkg] ?? `^${version}`,
    hash: '',
    assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
  }));
  const manifest = {
    id: name,
    name,
    metaData: { name, globalName: name, type: 'app', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    shared,
    remotes: [],
    exposes: [
      {
        id: `${name}:DraftList`,
        name: 'DraftList',
        path: './DraftList',
        assets: { js: { sync: [chunk], async: [] }, css: { sync: ['static/css/DraftList.0badc0de.css'], async: [] } },
      },
    ],
  };
  files['mf-manifest.json'] = JSON.stringify(manifest);
  files['routes.json'] = JSON.stringify({ name, version: build.version, routes: [{ path: '/draft', module: './DraftList', title: '草稿箱' }] });
  for (const [file, body] of Object.entries(files)) {
    if (build.omit?.includes(file)) continue;
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), body);
  }
  return dir;
}
