/** Signing in (POST /api/login): the request and answer types of the session's calls. */
import type { DataOf, RequestOf } from '../core/route';
import type * as session from './schemas';

export type LoginRequest = RequestOf<typeof session.login>;
export type LoginAnswer = DataOf<typeof session.login>;
