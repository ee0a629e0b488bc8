export { ShortPlayDetailPage as default } from '../pages/short-play-detail-page';
