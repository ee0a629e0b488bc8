/**
 * The 发布 screen's calls (the release API, permission 'release'), typed from their contract
 * declarations as in ../api/calls.ts, kept here beside the screen that makes them.
 */
import type { releases } from 'shared-sdk/contract/schemas';
import { declared } from 'shared-sdk/operator';
import { consoleApi, viaOperator } from '../api/endpoint';

type R = typeof releases;

export type ReleaseRemote = releases.ReleaseRemote;
export type ReleaseHealth = releases.ReleaseHealth;
export type ReleaseVersionHealth = releases.ReleaseVersionHealth;
export type ReleaseTopError = releases.ReleaseTopError;
/** The data of a promote the gate refused (1009). */
export type PromoteGateRefusal = releases.PromoteGateRefusal;

export const RELEASE_CALLS = {
  list: declared<R['releaseList']>({ method: 'GET', url: '/api/operator/releases' }),
  health: declared<R['releaseHealth']>({ method: 'GET', url: '/api/operator/releases/health' }),
  canary: declared<R['releaseCanary']>({ method: 'POST', url: '/api/operator/releases/canary' }),
  pause: declared<R['releasePause']>({ method: 'POST', url: '/api/operator/releases/pause' }),
  promote: declared<R['releasePromote']>({ method: 'POST', url: '/api/operator/releases/promote' }),
  rollback: declared<R['releaseRollback']>({ method: 'POST', url: '/api/operator/releases/rollback' }),
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
