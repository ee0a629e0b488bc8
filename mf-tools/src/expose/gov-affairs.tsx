export { GovAffairsPage as default } from '../pages/gov-affairs-page';
