export { EnterprisePage as default } from '../pages/enterprise-page';
