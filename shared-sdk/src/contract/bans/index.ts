/** A creator's ban and the appeal against it: the request and answer types of the bans calls. */
import type * as bans from './schemas';

export type UserBanInfoAnswer = bans.UserBanInfo;
