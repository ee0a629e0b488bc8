export { ShortPlayPage as default } from '../pages/short-play-page';
