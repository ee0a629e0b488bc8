export { GraphWritePage as default } from '../pages/graph-write-page';
