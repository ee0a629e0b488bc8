import { baseApi, LIMITS, type MaterialListAnswer } from 'shared-sdk';

export interface PickerQuery {
  cm_type: number;
  page: number;
  cm_title: string;
}

// Named apart from mf-materials' endpoints: both remotes inject into the page's one API.
export const pickerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    pickerMaterials: build.query<MaterialListAnswer, PickerQuery>({
      // My own materials of the type, every audit state (a creator may use what they uploaded).
      query: ({ cm_type, page, cm_title }) => ({
        url: '/api/material/list',
        method: 'POST',
        body: { all: 0, cm_type, cm_check: 0, page, per_page: LIMITS.MATERIAL_PAGE_SIZE, ...(cm_title ? { cm_title } : {}) },
      }),
      providesTags: ['Material'],
    }),
  }),
});

export const { usePickerMaterialsQuery } = pickerApi;
