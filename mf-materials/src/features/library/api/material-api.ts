import {
  baseApi,
  routeQuery,
  type MaterialDetail,
  type MaterialListAnswer,
  type MaterialListRequest,
  type MaterialOperationRequest,
  type MaterialSaveAnswer,
  type MaterialSaveRequest,
  type MaterialUseRequest,
  type Tag,
} from 'shared-sdk';
import { labels, materials } from 'shared-sdk/contract/calls';

// docs/product.md §8: list, delete and operation failures are only logged, so these skip the central notifier.
export const materialApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listMaterials: build.query<MaterialListAnswer, MaterialListRequest>({
      query: (body) => routeQuery(materials.materialList, { ...body }, { skipErrorHandler: true }),
      providesTags: ['Material'],
    }),
    materialDetail: build.query<MaterialDetail, number>({
      query: (id) => routeQuery(materials.materialDetail, { id }),
      providesTags: (_result, _error, id) => [{ type: 'MaterialDetail', id }],
      // A detail is dropped as soon as its screen closes: after a delete, nothing stale is shown again.
      keepUnusedDataFor: 0,
    }),
    deleteMaterials: build.mutation<null, string>({
      query: (ids) => routeQuery(materials.materialDelete, { ids }, { skipErrorHandler: true }),
      // Lists only: re-reading the detail that was just deleted would answer 素材不存在或已删除 and
      // show it as an error right after 删除素材成功 (the detail screen leaves for the library).
      invalidatesTags: ['Material'],
    }),
    operateMaterial: build.mutation<null, MaterialOperationRequest>({
      query: (body) => routeQuery(materials.materialOperation, body, { skipErrorHandler: true }),
      invalidatesTags: ['MaterialDetail'],
    }),
    useMaterial: build.mutation<null, MaterialUseRequest>({
      query: (body) => routeQuery(materials.materialUse, body),
      invalidatesTags: ['MaterialDetail'],
    }),
    saveMaterial: build.mutation<MaterialSaveAnswer, MaterialSaveRequest>({
      // The add screen shows "data or msg" itself (docs/product.md §8).
      query: (body) => routeQuery(materials.materialSave, { ...body }, { skipErrorHandler: true }),
      invalidatesTags: ['Material'],
    }),
    searchLabels: build.query<Tag[], string>({
      query: (name) => routeQuery(labels.labelList, { name }),
      providesTags: ['Tag'],
    }),
    createLabel: build.mutation<Tag[], string>({
      query: (name) => routeQuery(labels.labelList, { name, create: 1 }),
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
