import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { featureBoundaries, LAYOUT_MESSAGE, SIBLING_MESSAGE } from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ARTICLE_FORM = '/repo/mf-editor/src/features/article/components/article-form.tsx';
const sibling = (/** @type {string} */ to) => SIBLING_MESSAGE.replace('{{from}}', 'article').replace('{{to}}', to);

// The TypeScript parser, for `import type` (type-only imports cross a boundary too).
new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } }).run('feature-boundaries', featureBoundaries, {
  valid: [
    // its own feature, the package's shared code, packages
    { code: "import { useArticle } from '../hooks/use-article';", filename: ARTICLE_FORM },
    { code: "import { RichEditor } from '../../../components/editor/rich-editor';", filename: ARTICLE_FORM },
    { code: "import { useField } from '../../../hooks/use-field';", filename: ARTICLE_FORM },
    { code: "import { callApi } from 'shared-sdk';", filename: ARTICLE_FORM },
    // pages, expose modules and the layout compose features
    { code: "import { ArticleForm } from '../features/article/components/article-form';", filename: '/repo/mf-editor/src/pages/article-page.tsx' },
    { code: "import { useToolListQuery } from '../features/shell/api';", filename: '/repo/host-shell/src/layout/shell-layout.tsx' },
    // shared code, and a composition file directly in src/features, are not features
    { code: "import { editorCalls } from '../api/editor-calls';", filename: '/repo/mf-editor/src/hooks/use-field.ts' },
    { code: "export { accountRoutes } from './account';", filename: '/repo/api-server/src/features/index.ts' },
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
    {
      code: "import { openInNew } from '../../layout/open-in-new';",
      filename: '/repo/host-shell/src/features/shell/creation.ts',
      errors: [{ message: LAYOUT_MESSAGE.replace('{{from}}', 'shell') }],
    },
  ],
});
