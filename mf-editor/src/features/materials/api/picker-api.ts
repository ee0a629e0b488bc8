import { materials } from 'shared-sdk/contract/calls';
import { baseApi, LIMITS, routeQuery, type MaterialListAnswer, type MaterialListRequest } from 'shared-sdk';

export type PickerQuery = Required<Pick<MaterialListRequest, 'cm_type' | 'page' | 'cm_title'>>;

// Named apart from mf-materials' endpoints: both remotes inject into the page's one API.
export const pickerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    pickerMaterials: build.query<MaterialListAnswer, PickerQuery>({
      // My own materials of the type, every audit state (a creator may use what they uploaded).
      query: ({ cm_type, page, cm_title }) => {
        const body: MaterialListRequest = { all: 0, cm_type, cm_check: 0, page, per_page: LIMITS.MATERIAL_PAGE_SIZE, ...(cm_title ? { cm_title } : {}) };
        return routeQuery(materials.materialList, body);
      },
      providesTags: ['Material'],
    }),
  }),
});

export const { usePickerMaterialsQuery } = pickerApi;
