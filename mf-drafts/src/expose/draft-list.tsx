export { DraftListPage as default } from '../pages/draft-list-page';
