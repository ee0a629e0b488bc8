import { CALLS } from '../../api/calls';
import { consoleApi, viaOperator } from '../../api/endpoint';
import { operatorCall } from 'shared-sdk/operator';
import type { PasswordStepAnswer } from './sign-in-form';

export const sessionApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    operatorSession: build.query({ queryFn: viaOperator(CALLS.session), providesTags: ['OperatorSession'] }),
    signOut: build.mutation({ queryFn: viaOperator(CALLS.signOut) }),
  }),
});

export const { useOperatorSessionQuery, useSignOutMutation } = sessionApi;

/** Step 1 of the sign-in; at the first sign-in it also fetches the enrolment (shown once). */
export async function passwordStep(name: string, password: string): Promise<PasswordStepAnswer> {
  const step = await operatorCall(CALLS.signIn, { name, password });
  if (step.next !== 'enrol') return { challenge: step.challenge };
  return { challenge: step.challenge, enrolment: await operatorCall(CALLS.enrol, { challenge: step.challenge }) };
}

/** Step 2: the TOTP code; the server sets the session cookie. */
export async function codeStep(challenge: string, code: string): Promise<void> {
  await operatorCall(CALLS.verifyTotp, { challenge, code });
}
