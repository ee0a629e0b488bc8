export { RightsPage as default } from '../pages/rights-page';
