export { MaterialAddPage as default } from '../pages/material-add-page';
