/**
 * The 发布 screen's calls (the release API, permission 'release'), named by their contract
 * declarations as in ../api/calls.ts, kept here beside the screen that makes them.
 */
import type { releases } from 'shared-sdk/contract/schemas';
import { releases as releaseCalls } from 'shared-sdk/contract/calls';
import { consoleApi, viaOperator } from '../api/endpoint';

export type ReleaseRemote = releases.ReleaseRemote;
export type ReleaseHealth = releases.ReleaseHealth;
export type ReleaseVersionHealth = releases.ReleaseVersionHealth;
export type ReleaseTopError = releases.ReleaseTopError;
/** The data of a promote the gate refused (1009). */
export type PromoteGateRefusal = releases.PromoteGateRefusal;

export const RELEASE_CALLS = {
  list: releaseCalls.releaseList,
  health: releaseCalls.releaseHealth,
  canary: releaseCalls.releaseCanary,
  pause: releaseCalls.releasePause,
  promote: releaseCalls.releasePromote,
  rollback: releaseCalls.releaseRollback,
} as const;

const releaseApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Release'] }).injectEndpoints({
  endpoints: (build) => ({
    releaseList: build.query({ queryFn: viaOperator(RELEASE_CALLS.list), providesTags: ['Release'] }),
    releaseHealth: build.query({ queryFn: viaOperator(RELEASE_CALLS.health), providesTags: ['Release'] }),
    releaseCanary: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.canary), invalidatesTags: ['Release', 'Audit'] }),
    releasePause: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.pause), invalidatesTags: ['Release', 'Audit'] }),
    releasePromote: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.promote), invalidatesTags: ['Release', 'Audit'] }),
    releaseRollback: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.rollback), invalidatesTags: ['Release', 'Audit'] }),
  }),
});

export const {
  useReleaseListQuery,
  useReleaseHealthQuery,
  useReleaseCanaryMutation,
  useReleasePauseMutation,
  useReleasePromoteMutation,
  useReleaseRollbackMutation,
} = releaseApi;
