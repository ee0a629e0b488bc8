export { EpisodePage as default } from '../pages/episode-page';
