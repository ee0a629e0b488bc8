export { MaterialDetailPage as default } from '../pages/material-detail-page';
