export { RankPage as default } from '../pages/rank-page';
