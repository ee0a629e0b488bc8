/**
 * Every migration, in order. Add a new one numbered above the last one (never between shipped ones: a
 * database that ran a later migration refuses an earlier newcomer) and one line here; never edit or
 * reorder a migration that has shipped (Kysely refuses a database whose history differs).
 */
import type { Migration } from 'kysely/migration';
import * as core from './0001_core';
import * as drafts from './0010_drafts';
import * as newspaper from './0020_newspaper';
import * as materials from './0030_materials';
import * as signNonces from './0043_sign_nonces';
import * as loginThrottle from './0044_login_throttle';
import * as remoteLoads from './0046_remote_loads';
import * as editor from './0050_editor';
import * as creatorScore from './0060_creator_score';
import * as certifications from './0065_certifications';
import * as jobPosts from './0066_job_posts';
import * as shortDrama from './0067_short_drama';
import * as videoJobs from './0090_video_jobs';
import * as materialUsageManuscripts from './0100_material_usage_manuscripts';
import * as scopedTitleGrams from './0101_scoped_title_grams';
import * as unloggedSignNonces from './0110_unlogged_sign_nonces';
import * as keywordGramKeys from './0120_keyword_gram_keys';
import * as searchGrams from './0121_search_grams';
import * as draftsManuscriptIdx from './0130_drafts_manuscript_idx';
import * as searchWalks from './0140_search_walks';
import * as contentDayCounts from './0141_content_day_counts';
import * as videoJobProgress from './0150_video_job_progress';
import * as draftTabGrams from './0160_draft_tab_grams';
import * as uploadReferences from './0170_upload_references';
import * as cleanImages from './0180_clean_images';
import * as operators from './0200_operators';
import * as uploadGrants from './0210_upload_grants';
import * as currentUploadRefs from './0211_current_upload_refs';
import * as releaseAccess from './0230_release_access';
import * as errorReports from './0240_error_reports';
import * as webVitals from './0260_web_vitals';
import * as restorableDraftRefs from './0270_restorable_draft_refs';
import * as errorRequestIds from './0284_error_request_ids';

export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0010_drafts': drafts,
  '0020_newspaper': newspaper,
  '0030_materials': materials,
  '0043_sign_nonces': signNonces,
  '0044_login_throttle': loginThrottle,
  '0046_remote_loads': remoteLoads,
  '0050_editor': editor,
  '0060_creator_score': creatorScore,
  '0065_certifications': certifications,
  '0066_job_posts': jobPosts,
  '0067_short_drama': shortDrama,
  '0090_video_jobs': videoJobs,
  '0100_material_usage_manuscripts': materialUsageManuscripts,
  '0101_scoped_title_grams': scopedTitleGrams,
  '0110_unlogged_sign_nonces': unloggedSignNonces,
  '0120_keyword_gram_keys': keywordGramKeys,
  '0121_search_grams': searchGrams,
  '0130_drafts_manuscript_idx': draftsManuscriptIdx,
  '0140_search_walks': searchWalks,
  '0141_content_day_counts': contentDayCounts,
  '0150_video_job_progress': videoJobProgress,
  '0160_draft_tab_grams': draftTabGrams,
  '0170_upload_references': uploadReferences,
  '0180_clean_images': cleanImages,
  '0200_operators': operators,
  '0210_upload_grants': uploadGrants,
  '0211_current_upload_refs': currentUploadRefs,
  '0230_release_access': releaseAccess,
  '0240_error_reports': errorReports,
  '0260_web_vitals': webVitals,
  '0270_restorable_draft_refs': restorableDraftRefs,
  '0284_error_request_ids': errorRequestIds,
};
