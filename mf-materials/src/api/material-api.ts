import {
  baseApi,
  routeEndpoint,
  type LabelListRequest,
  type MaterialListRequest,
  type MaterialOperationRequest,
  type MaterialSaveRequest,
  type MaterialUseRequest,
} from 'shared-sdk';
import { labels, materials } from 'shared-sdk/contract/calls';

// docs/product.md §8: list, delete and operation failures are only logged, so these skip the central notifier.
export const materialApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listMaterials: build.query({
      ...routeEndpoint(materials.materialList, (body: MaterialListRequest) => ({ ...body }), { skipErrorHandler: true }),
      providesTags: ['Material'],
    }),
    materialDetail: build.query({
      ...routeEndpoint(materials.materialDetail, (id: number) => ({ id })),
      providesTags: (_result, _error, id) => [{ type: 'MaterialDetail', id }],
      // A detail is dropped as soon as its screen closes: after a delete, nothing stale is shown again.
      keepUnusedDataFor: 0,
    }),
    deleteMaterials: build.mutation({
      ...routeEndpoint(materials.materialDelete, (ids: string) => ({ ids }), { skipErrorHandler: true }),
      // Lists only: re-reading the detail that was just deleted would answer 素材不存在或已删除 and
      // show it as an error right after 删除素材成功 (the detail screen leaves for the library).
      invalidatesTags: ['Material'],
    }),
    operateMaterial: build.mutation({
      ...routeEndpoint(materials.materialOperation, (body: MaterialOperationRequest) => body, { skipErrorHandler: true }),
      invalidatesTags: ['MaterialDetail'],
    }),
    useMaterial: build.mutation({
      ...routeEndpoint(materials.materialUse, (body: MaterialUseRequest) => body),
      invalidatesTags: ['MaterialDetail'],
    }),
    saveMaterial: build.mutation({
      // The add screen shows "data or msg" itself (docs/product.md §8).
      ...routeEndpoint(materials.materialSave, (body: MaterialSaveRequest) => ({ ...body }), { skipErrorHandler: true }),
      invalidatesTags: ['Material'],
    }),
    searchLabels: build.query({
      ...routeEndpoint(labels.labelList, (name: string) => ({ name })),
      providesTags: ['Tag'],
    }),
    createLabel: build.mutation({
      ...routeEndpoint(labels.labelList, (name: string): LabelListRequest => ({ name, create: 1 })),
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
