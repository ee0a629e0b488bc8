export { ScriptDetailPage as default } from '../pages/script-detail-page';
