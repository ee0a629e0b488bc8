/** Answer schemas of the short-drama calls (they also keep unlisted columns out of answers). */
import { envelope, int, objectOf, str } from '../../lib/schemas';

const seriesFields = { id: int, title: str, cover_url: str, intro: str, status: int, episode_count: int, create_time: str, update_time: str };
export const seriesItem = objectOf(seriesFields);
export const episodeItem = objectOf({ id: int, drama_id: int, episode_no: int, title: str, video_url: str, cover_url: str, create_time: str, update_time: str });

export const listAnswer = envelope(objectOf({ list: { type: 'array', items: seriesItem }, total: int }));
export const seriesAnswer = envelope(seriesItem);
export const detailAnswer = envelope(objectOf({ ...seriesFields, episodes: { type: 'array', items: episodeItem } }));
export const episodeAnswer = envelope(episodeItem);
