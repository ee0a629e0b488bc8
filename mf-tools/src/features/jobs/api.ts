import { baseApi, routeEndpoint, routeQuery, type JobListRequest, type JobSaveRequest, type JobStatusRequest } from 'shared-sdk';
import { jobs } from 'shared-sdk/contract/calls';

/** The list's call; the /tools/job/index route declares its first one for the host to start early (expose/routes.ts). */
export const listJobsRequest = (body: JobListRequest) => routeQuery(jobs.jobList, { ...body }, { skipErrorHandler: true });

// Refusals (no tool, not mine, closed) are shown by the screens themselves.
export const jobApi = baseApi.enhanceEndpoints({ addTagTypes: ['Job'] }).injectEndpoints({
  endpoints: (build) => ({
    listJobs: build.query({
      ...routeEndpoint(jobs.jobList, (body: JobListRequest) => ({ ...body }), { skipErrorHandler: true }),
      providesTags: ['Job'],
    }),
    jobDetail: build.query({
      ...routeEndpoint(jobs.jobDetail, (id: number) => ({ id }), { skipErrorHandler: true }),
      providesTags: ['Job'],
    }),
    saveJob: build.mutation({
      ...routeEndpoint(jobs.jobSave, (body: JobSaveRequest) => ({ ...body }), { skipErrorHandler: true }),
      invalidatesTags: ['Job'],
    }),
    setJobStatus: build.mutation({
      ...routeEndpoint(jobs.jobStatus, (body: JobStatusRequest) => body, { skipErrorHandler: true }),
      invalidatesTags: ['Job'],
    }),
  }),
});

export const { useListJobsQuery, useJobDetailQuery, useSaveJobMutation, useSetJobStatusMutation } = jobApi;
