import { shortDrama } from 'shared-sdk/contract/calls';
import { callApi } from 'shared-sdk';
import type { EpisodeSaveRequest } from 'shared-sdk/contract';

// The screen shows each refusal itself (no authority, a number already taken), in place.
const quiet = { skipErrorHandler: true } as const;

export const episodeCalls = {
  hasAuth: () => callApi(shortDrama.dramaHasAuth, {}, quiet),
  mySeries: () => callApi(shortDrama.dramaList, { page: 1, size: 50 }, quiet),
  episode: (id: number) => callApi(shortDrama.episodeDetail, { id }, quiet),
  save: (request: EpisodeSaveRequest) => callApi(shortDrama.episodeSave, request, quiet),
};
