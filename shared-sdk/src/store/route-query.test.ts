/**
 * @jest-environment node
 */
import type { HelpCategoriesAnswer, MaterialListAnswer, RightsAnswer } from '../contract';
import { help, materials, rights } from '../contract/calls';
import { baseApi } from './base-api';
import { routeEndpoint } from './route-query';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;

// A remote's endpoints without hand-written generics: argument and answer come from the declared call.
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rightsOfTest: build.query({ ...routeEndpoint(rights.rightsIndex) }),
    helpCategoriesOfTest: build.query({ ...routeEndpoint(help.helpCategories, undefined, { skipErrorHandler: true }) }),
    materialsOfTest: build.query({ ...routeEndpoint(materials.materialList, (page: number) => ({ page })) }),
  }),
});

type Types<K extends keyof typeof api.endpoints> = (typeof api.endpoints)[K]['Types'];

// An argument-less call's endpoint takes no argument (its hook is called without one) and answers its declaration's data.
export const rightsArgIsVoid: Equal<Types<'rightsOfTest'>['QueryArg'], void> = true;
export const rightsAnswer: Equal<Types<'rightsOfTest'>['ResultType'], RightsAnswer> = true;
export const helpArgIsVoid: Equal<Types<'helpCategoriesOfTest'>['QueryArg'], void> = true;
export const helpAnswer: Equal<Types<'helpCategoriesOfTest'>['ResultType'], HelpCategoriesAnswer> = true;
export const materialsArg: Equal<Types<'materialsOfTest'>['QueryArg'], number> = true;

export function wrongPairings(): void {
  baseApi.injectEndpoints({
    endpoints: (build) => ({
      // @ts-expect-error the rights call answers its rights, not a material list
      wrongAnswer: build.query<MaterialListAnswer, void>({ ...routeEndpoint(rights.rightsIndex) }),
    }),
  });
  // @ts-expect-error an argument-less call's endpoint takes no argument
  void api.endpoints.rightsOfTest.initiate(7);
}

it("builds an argument-less call's query from its declaration", () => {
  expect(routeEndpoint(rights.rightsIndex).query()).toEqual({ url: rights.rightsIndex.url, method: rights.rightsIndex.method });
  expect(routeEndpoint(help.helpCategories, undefined, { skipErrorHandler: true }).query()).toEqual({
    url: help.helpCategories.url,
    method: help.helpCategories.method,
    skipErrorHandler: true,
  });
});
