import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { APP_MESSAGE, featureBoundaries, SHARED_MESSAGE, SIBLING_MESSAGE } from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ARTICLE_FORM = '/repo/mf-editor/src/features/article/components/article-form.tsx';
const sibling = (/** @type {string} */ to) => SIBLING_MESSAGE.replace('{{from}}', 'article').replace('{{to}}', to);
const app = (/** @type {string} */ from, /** @type {string} */ to) => APP_MESSAGE.replace('{{from}}', from).replace('{{to}}', to);
const shared = (/** @type {string} */ from, /** @type {string} */ to) => SHARED_MESSAGE.replace('{{from}}', from).replace('{{to}}', to);

// The TypeScript parser, for `import type` (type-only imports cross a boundary too).
new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } }).run('feature-boundaries', featureBoundaries, {
  valid: [
    // its own feature, the package's shared code, packages
    { code: "import { useArticle } from '../hooks/use-article';", filename: ARTICLE_FORM },
    { code: "import { RichEditor } from '../../../components/editor/rich-editor';", filename: ARTICLE_FORM },
    { code: "import { useField } from '../../../hooks/use-field';", filename: ARTICLE_FORM },
    { code: "import { callApi } from 'shared-sdk';", filename: ARTICLE_FORM },
    // a folder of the feature's own named like an app folder is the feature's
    { code: "import { ArticleSteps } from '../pages/article-steps';", filename: ARTICLE_FORM },
    // pages, expose modules and the layout compose features
    { code: "import { ArticleForm } from '../features/article/components/article-form';", filename: '/repo/mf-editor/src/pages/article-page.tsx' },
    { code: "import { useToolListQuery } from '../features/shell/api';", filename: '/repo/host-shell/src/layout/shell-layout.tsx' },
    // shared code, and a composition file directly in src/features, are not features
    { code: "import { editorCalls } from '../api/editor-calls';", filename: '/repo/mf-editor/src/hooks/use-field.ts' },
    { code: "export { accountRoutes } from './account';", filename: '/repo/api-server/src/features/index.ts' },
    // shared code imports shared code (another shared folder, its own) and the test scaffolding
    { code: "import { editorCalls } from '../../api/editor-calls';", filename: '/repo/mf-editor/src/components/editor/rich-editor.tsx' },
    { code: "import type { DocFormProps } from '../types/doc-form';", filename: '/repo/mf-editor/src/lib/doc-values.ts' },
    { code: "import { shellClient } from '../lib/shell-client';", filename: '/repo/host-shell/src/remotes/load-reports.ts' },
    { code: "import { installQuillDom } from '../../testing/quill-dom';", filename: '/repo/mf-editor/src/components/editor/rich-editor.test.tsx' },
    // the app layer composes features and itself; the test scaffolding may render the whole app
    { code: "import { ReleasesPage } from '../pages/releases-page';", filename: '/repo/mf-console/src/app/screens.tsx' },
    { code: "import { sessionEvents } from '../routing/session-events';", filename: '/repo/host-shell/src/app/error-toasts.tsx' },
    { code: "import { buildRoutes } from './routing/build-routes';", filename: '/repo/host-shell/src/bootstrap.tsx' },
    { code: "import { resetBanChecks } from '../features/dialogs/use-startup-ban-check';", filename: '/repo/host-shell/src/testing/render-app.tsx' },
    // another package reached by a relative path is the cross-package rule's business
    { code: "import { ROUTES } from '../../../mf-drafts/src/pages/routes';", filename: '/repo/mf-editor/src/lib/open-drafts.ts' },
  ],
  invalid: [
    { code: "import { useField } from '../../draft/hooks/use-field';", filename: ARTICLE_FORM, errors: [{ message: sibling('draft') }] },
    { code: "export { ImageSlots } from '../../materials/components/image-slots';", filename: ARTICLE_FORM, errors: [{ message: sibling('materials') }] },
    { code: "import type { DocFormProps } from '../../../features/draft/types';", filename: ARTICLE_FORM, errors: [{ message: sibling('draft') }] },
    { code: "const m = import('../../media/lib/uploads');", filename: ARTICLE_FORM, errors: [{ message: sibling('media') }] },
    {
      code: "jest.mock('../score/api', () => ({}));",
      filename: '/repo/mf-tools/src/features/rights/rights.test.tsx',
      errors: [{ message: SIBLING_MESSAGE.replace('{{from}}', 'rights').replace('{{to}}', 'score') }],
    },
    // a feature → the layout, the routing, the app, a page, an expose module (its tests too)
    {
      code: "import { openInNew } from '../../layout/open-in-new';",
      filename: '/repo/host-shell/src/features/shell/creation.ts',
      errors: [{ message: app('shell', 'layout') }],
    },
    {
      code: "import { lazyScreen } from '../../routing/lazy-screen';",
      filename: '/repo/host-shell/src/features/dialogs/session-dialogs.tsx',
      errors: [{ message: app('dialogs', 'routing') }],
    },
    {
      code: "import { antdLocale } from '../../app/antd-locale';",
      filename: '/repo/host-shell/src/features/dialogs/session-dialogs.tsx',
      errors: [{ message: app('dialogs', 'app') }],
    },
    {
      code: "import { PostPage } from '../../../pages/post-page';",
      filename: '/repo/mf-editor/src/features/draft/components/writing-session.test.tsx',
      errors: [{ message: app('draft', 'pages') }],
    },
    {
      code: "import routes from '../../expose/routes';",
      filename: '/repo/mf-drafts/src/features/manuscripts/manuscript-filters.test.tsx',
      errors: [{ message: app('manuscripts', 'expose') }],
    },
    {
      code: "jest.mock('../../pages/rank-page', () => ({}));",
      filename: '/repo/mf-tools/src/features/rank/rank.test.tsx',
      errors: [{ message: app('rank', 'pages') }],
    },
    // shared code → a feature, a page, an expose module, the layout, the routing, the app
    {
      code: "import { useArticle } from '../../features/article/hooks/use-article';",
      filename: '/repo/mf-editor/src/components/editor/rich-editor.tsx',
      errors: [{ message: shared('components', 'features/article') }],
    },
    {
      code: "import type { DraftRow } from '../features/drafts/types';",
      filename: '/repo/mf-drafts/src/lib/open-editor.ts',
      errors: [{ message: shared('lib', 'features/drafts') }],
    },
    { code: "export * from '../features';", filename: '/repo/mf-materials/src/hooks/index.ts', errors: [{ message: shared('hooks', 'features') }] },
    {
      code: "import { PostPage } from '../pages/post-page';",
      filename: '/repo/mf-editor/src/hooks/use-field.ts',
      errors: [{ message: shared('hooks', 'pages') }],
    },
    {
      code: "const page = import('../../pages/rank-page');",
      filename: '/repo/mf-tools/src/lib/ranks/preload.ts',
      errors: [{ message: shared('lib', 'pages') }],
    },
    {
      code: "import { routes } from '../expose/routes';",
      filename: '/repo/mf-drafts/src/lib/open-editor.ts',
      errors: [{ message: shared('lib', 'expose') }],
    },
    {
      code: "import { MENU } from '../layout/menu-data';",
      filename: '/repo/host-shell/src/lib/open-in-new.ts',
      errors: [{ message: shared('lib', 'layout') }],
    },
    {
      code: "import { buildRoutes } from '../routing/build-routes';",
      filename: '/repo/host-shell/src/remotes/remote-screen.tsx',
      errors: [{ message: shared('remotes', 'routing') }],
    },
    {
      code: "import { ConsoleLayout } from '../app/console-layout';",
      filename: '/repo/mf-console/src/api/releases.ts',
      errors: [{ message: shared('api', 'app') }],
    },
    {
      code: "jest.mock('../features/appeals/appeal-list', () => ({}));",
      filename: '/repo/mf-console/src/components/decision-dialog.test.tsx',
      errors: [{ message: shared('components', 'features/appeals') }],
    },
  ],
});

describe('the lint config', () => {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const eslint = new ESLint({ cwd: repo, overrideConfigFile: path.join(repo, 'build-tools', 'src', 'eslint.js') });
  const held = async (/** @type {string} */ file) =>
    (await eslint.calculateConfigForFile(path.join(repo, file))).rules?.['features/feature-boundaries']?.[0] === 2;

  it("holds every package's features and shared code to the rule, api-server's not", async () => {
    assert.deepEqual(
      {
        feature: await held('mf-editor/src/features/article/components/article-form.tsx'),
        sharedLib: await held('mf-editor/src/lib/doc-values.ts'),
        sharedComponent: await held('mf-console/src/components/decision-dialog.tsx'),
        hostRemotes: await held('host-shell/src/remotes/remote-screen.tsx'),
        serverFeature: await held('api-server/src/features/account/routes.ts'),
        serverLib: await held('api-server/src/lib/errors.ts'),
      },
      { feature: true, sharedLib: true, sharedComponent: true, hostRemotes: true, serverFeature: false, serverLib: false },
    );
  });
});
