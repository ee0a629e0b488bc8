// One lint policy for every package. Each package's eslint.config.js re-exports this.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // CommonJS files (jest setup) are loaded with require by design.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // A remote never imports another remote's code or the host's (STYLE.md rule 3).
    files: ['**/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Only react-router-dom is a shared singleton: importing react-router loads a second copy.
          paths: [{ name: 'react-router', message: 'Import from react-router-dom (the shared singleton).' }],
          patterns: [
            { group: ['host-shell', 'host-shell/*', 'mf-*', '../../mf-*', '../../host-shell/*'], message: 'Remotes and the host share code only through shared-sdk.' },
          ],
        },
      ],
    },
  },
);
