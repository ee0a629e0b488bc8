export { NewspaperPage as default } from '../pages/newspaper-page';
