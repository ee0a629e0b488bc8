import { apiPost } from 'shared-sdk';
import type { DramaEpisode, DramaListAnswer, EpisodeSaveRequest, HasAuthAnswer } from 'shared-sdk/contract';

// The screen shows each refusal itself (no authority, a number already taken), in place.
const quiet = { skipErrorHandler: true } as const;

export const episodeCalls = {
  hasAuth: () => apiPost<HasAuthAnswer>('/api/microDrama/isHasAuth', {}, quiet),
  mySeries: () => apiPost<DramaListAnswer>('/api/microDrama/list', { page: 1, size: 50 }, quiet),
  episode: (id: number) => apiPost<DramaEpisode>('/api/microDrama/episode/detail', { id }, quiet),
  save: (request: EpisodeSaveRequest) => apiPost<DramaEpisode>('/api/microDrama/episode/save', request, quiet),
};
