// One jest setup for every browser package: swc transforms TS/TSX, jsdom by default.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * @param {{ rootDir: string, testEnvironment?: 'jsdom' | 'node' }} options
 * @returns {Record<string, unknown>} a jest configuration
 */
export function jestConfig({ rootDir, testEnvironment = 'jsdom' }) {
  return {
    rootDir,
    testEnvironment: require.resolve(testEnvironment === 'jsdom' ? 'jest-environment-jsdom' : 'jest-environment-node'),
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    setupFilesAfterEnv: [path.join(here, 'jest-setup.cjs')],
    // Room for the 5 s async queries (jest-setup.cjs) inside one test.
    testTimeout: 20_000,
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // pnpm keeps packages under node_modules/.pnpm; ESM-only ones must be transformed too.
    transformIgnorePatterns: ['/node_modules/.pnpm/(?!(quill|parchment|lodash-es|@ant-design\\+colors)@)'],
    moduleNameMapper: {
      // A component imported by its own path (`import('antd/es/spin')`, as the build shares it) is the
      // CommonJS twin under jest: the module `import { Spin } from 'antd'` gives, so one copy.
      '^antd/es/(.*)$': 'antd/lib/$1',
      '\\.(css|less)$': path.join(here, 'jest-style-stub.js'),
      '\\.(png|jpe?g|gif|svg|webp)$': path.join(here, 'jest-file-stub.js'),
    },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  };
}
