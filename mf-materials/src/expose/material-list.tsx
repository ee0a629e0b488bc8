export { MaterialListPage as default } from '../pages/material-list-page';
