import { baseApi, type JobListAnswer, type JobListRequest, type JobPost, type JobSaveRequest } from 'shared-sdk';

// Refusals (no tool, not mine, closed) are shown by the screens themselves.
export const jobApi = baseApi.enhanceEndpoints({ addTagTypes: ['Job'] }).injectEndpoints({
  endpoints: (build) => ({
    listJobs: build.query<JobListAnswer, JobListRequest>({
      query: (body) => ({ url: '/api/job/list', method: 'POST', body: { ...body }, skipErrorHandler: true }),
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
    setJobStatus: build.mutation<JobPost, { id: number; status: number }>({
      query: (body) => ({ url: '/api/job/status', method: 'POST', body, skipErrorHandler: true }),
      invalidatesTags: ['Job'],
    }),
  }),
});

export const { useListJobsQuery, useJobDetailQuery, useSaveJobMutation, useSetJobStatusMutation } = jobApi;
