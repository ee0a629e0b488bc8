export { JobListPage as default } from '../pages/job-list-page';
