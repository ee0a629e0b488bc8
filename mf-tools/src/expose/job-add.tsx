export { JobAddPage as default } from '../pages/job-add-page';
