export { VideoWritePage as default } from '../pages/video-write-page';
