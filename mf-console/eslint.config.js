export { default } from 'build-tools/eslint';
