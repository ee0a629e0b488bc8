import { materials } from 'shared-sdk/contract/calls';
import { baseApi, LIMITS, routeEndpoint, type MaterialListRequest } from 'shared-sdk';

export type PickerQuery = Required<Pick<MaterialListRequest, 'cm_type' | 'page' | 'cm_title'>>;

// Named apart from mf-materials' endpoints: both remotes inject into the page's one API.
export const pickerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    pickerMaterials: build.query({
      // My own materials of the type, every audit state (a creator may use what they uploaded).
      ...routeEndpoint(materials.materialList, ({ cm_type, page, cm_title }: PickerQuery): MaterialListRequest => ({
        all: 0,
        cm_type,
        cm_check: 0,
        page,
        per_page: LIMITS.MATERIAL_PAGE_SIZE,
        ...(cm_title ? { cm_title } : {}),
      })),
      providesTags: ['Material'],
    }),
  }),
});

export const { usePickerMaterialsQuery } = pickerApi;
