export { HelpCenterPage as default } from '../pages/help-center-page';
