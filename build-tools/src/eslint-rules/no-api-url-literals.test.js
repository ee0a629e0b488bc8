import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { MESSAGE, noApiUrlLiterals } from './no-api-url-literals.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run('no-api-url-literals', noApiUrlLiterals, {
  valid: [
    'callApi(drafts.draftShow, { id });',
    "fetch('/oss/materials/1.png');",
    'const manifest = `${origin}/mf-materials/mf-manifest.json`;',
    "const storage = 'https://storage.example/api/upload';",
    "// '/api/draft/show' in a comment",
  ],
  invalid: [
    { code: "apiGet('/api/draft/show', { id });", errors: [{ message: MESSAGE }] },
    { code: "const q = { url: '/api/material/list', method: 'POST' };", errors: [{ message: MESSAGE }] },
    { code: 'const url = `/api/rights/${kind}`;', errors: [{ message: MESSAGE }] },
  ],
});
