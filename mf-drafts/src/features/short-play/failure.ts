import { ApiCode, failureCode } from 'shared-sdk';

/** The server refused for want of the short-drama authority. */
export const lacksAuthority = (error: unknown): boolean => failureCode(error) === ApiCode.FORBIDDEN;
