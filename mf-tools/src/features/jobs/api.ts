import { baseApi, type JobListAnswer, type JobListRequest, type JobPost, type JobSaveRequest, type JobStatusRequest } from 'shared-sdk';

/** The list's call; the /tools/job/index route declares its first one for the host to start early (expose/routes.ts). */
export const listJobsRequest = (body: JobListRequest) => ({ url: '/api/job/list', method: 'POST' as const, body: { ...body }, skipErrorHandler: true });

// Refusals (no tool, not mine, closed) are shown by the screens themselves.
export const jobApi = baseApi.enhanceEndpoints({ addTagTypes: ['Job'] }).injectEndpoints({
  endpoints: (build) => ({
    listJobs: build.query<JobListAnswer, JobListRequest>({
      query: listJobsRequest,
      providesTags: ['Job'],
    }),
    jobDetail: build.query<JobPost, number>({
      query: (id) => ({ url: '/api/job/detail', method: 'POST', body: { id }, skipErrorHandler: true }),
      providesTags: ['Job'],
    }),
    saveJob: build.mutation<JobPost, JobSaveRequest>({
      query: (body) => ({ url: '/api/job/save', method: 'POST', body: { ...body }, skipErrorHandler: true }),
      invalidatesTags: ['Job'],
    }),
    setJobStatus: build.mutation<JobPost, JobStatusRequest>({
      query: (body) => ({ url: '/api/job/status', method: 'POST', body, skipErrorHandler: true }),
      invalidatesTags: ['Job'],
    }),
  }),
});

export const { useListJobsQuery, useJobDetailQuery, useSaveJobMutation, useSetJobStatusMutation } = jobApi;
