export { PersonalScriptPage as default } from '../pages/personal-script-page';
