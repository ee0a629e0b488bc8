export { ScriptWritePage as default } from '../pages/script-write-page';
