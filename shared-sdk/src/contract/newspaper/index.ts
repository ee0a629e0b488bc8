/** The newspaper (GET /api/newspaper/hisPaper, the newspaper host): the request and answer types. */
import type { RequestOf } from '../core/route';
import type * as newspaper from './schemas';

export type NewspaperRequest = RequestOf<typeof newspaper.hisPaper>;
export type NewspaperPage = newspaper.NewspaperPage;
