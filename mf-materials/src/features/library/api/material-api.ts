import {
  baseApi,
  type MaterialDetail,
  type MaterialListAnswer,
  type MaterialListRequest,
  type MaterialSaveRequest,
  type Tag,
} from 'shared-sdk';

// Spec §8: list, delete and operation failures are only logged, so these skip the central notifier.
export const materialApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listMaterials: build.query<MaterialListAnswer, MaterialListRequest>({
      query: (body) => ({ url: '/api/material/list', method: 'POST', body: { ...body }, skipErrorHandler: true }),
      providesTags: ['Material'],
    }),
    materialDetail: build.query<MaterialDetail, number>({
      query: (id) => ({ url: '/api/material/showChild', method: 'POST', body: { id } }),
      providesTags: ['MaterialDetail'],
    }),
    deleteMaterials: build.mutation<null, string>({
      query: (ids) => ({ url: '/api/material/delChild', method: 'POST', body: { ids }, skipErrorHandler: true }),
      invalidatesTags: ['Material', 'MaterialDetail'],
    }),
    operateMaterial: build.mutation<null, { cm_id: number; cml_behavior: number }>({
      query: (body) => ({ url: '/api/material/operation', method: 'POST', body, skipErrorHandler: true }),
      invalidatesTags: ['MaterialDetail'],
    }),
    useMaterial: build.mutation<null, { cm_id: number; nm_type: number }>({
      query: (body) => ({ url: '/api/material/use', method: 'POST', body }),
      invalidatesTags: ['MaterialDetail'],
    }),
    saveMaterial: build.mutation<{ ids: number[] }, MaterialSaveRequest>({
      // The add screen shows "data or msg" itself (spec §8).
      query: (body) => ({ url: '/api/material/save', method: 'POST', body: { ...body }, skipErrorHandler: true }),
      invalidatesTags: ['Material'],
    }),
    searchLabels: build.query<Tag[], string>({
      query: (name) => ({ url: '/api/label/list', method: 'POST', body: { name } }),
      providesTags: ['Tag'],
    }),
    createLabel: build.mutation<Tag[], string>({
      query: (name) => ({ url: '/api/label/list', method: 'POST', body: { name, create: 1 } }),
      invalidatesTags: ['Tag'],
    }),
  }),
});

export const {
  useListMaterialsQuery,
  useMaterialDetailQuery,
  useDeleteMaterialsMutation,
  useOperateMaterialMutation,
  useUseMaterialMutation,
  useSaveMaterialMutation,
  useLazySearchLabelsQuery,
  useCreateLabelMutation,
} = materialApi;
