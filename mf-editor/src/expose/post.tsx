export { PostPage as default } from '../pages/post-page';
