export { default } from './src/eslint.js';
