/**
 * Every operator call the console makes, each typed from its contract declaration: a method or URL
 * that differs from the contract fails the typecheck. The browser takes only the declarations' types
 * (`import type`), so TypeBox never reaches the console's bundle.
 */
import type { operator } from 'shared-sdk/contract/schemas';
import { declared } from 'shared-sdk/operator';

type Op = typeof operator;

export const CALLS = {
  signIn: declared<Op['operatorSignIn']>({ method: 'POST', url: '/api/operator/session/password' }),
  enrol: declared<Op['operatorTotpEnrol']>({ method: 'POST', url: '/api/operator/session/enrol' }),
  verifyTotp: declared<Op['operatorVerifyTotp']>({ method: 'POST', url: '/api/operator/session/totp' }),
  session: declared<Op['operatorSession']>({ method: 'GET', url: '/api/operator/session' }),
  signOut: declared<Op['operatorSignOut']>({ method: 'POST', url: '/api/operator/session/sign-out' }),
  changePassword: declared<Op['operatorChangePassword']>({ method: 'POST', url: '/api/operator/password' }),
  operators: declared<Op['operatorList']>({ method: 'GET', url: '/api/operator/operators' }),
  addOperator: declared<Op['operatorAdd']>({ method: 'POST', url: '/api/operator/operators/add' }),
  disableOperator: declared<Op['operatorDisable']>({ method: 'POST', url: '/api/operator/operators/disable' }),
  setOperatorRole: declared<Op['operatorSetRole']>({ method: 'POST', url: '/api/operator/operators/role' }),
  resetOperatorTotp: declared<Op['operatorResetTotp']>({ method: 'POST', url: '/api/operator/operators/reset-totp' }),
  resetOperatorPassword: declared<Op['operatorResetPassword']>({ method: 'POST', url: '/api/operator/operators/reset-password' }),
  revokeOperatorSessions: declared<Op['operatorRevokeSessions']>({ method: 'POST', url: '/api/operator/operators/revoke-sessions' }),
  tokens: declared<Op['operatorTokenList']>({ method: 'GET', url: '/api/operator/tokens' }),
  createToken: declared<Op['operatorTokenCreate']>({ method: 'POST', url: '/api/operator/tokens/create' }),
  revokeToken: declared<Op['operatorTokenRevoke']>({ method: 'POST', url: '/api/operator/tokens/revoke' }),
  home: declared<Op['consoleHome']>({ method: 'GET', url: '/api/operator/home' }),
  queues: declared<Op['queueSummary']>({ method: 'GET', url: '/api/operator/queues' }),
  materials: declared<Op['queueMaterials']>({ method: 'GET', url: '/api/operator/queues/materials' }),
  manuscripts: declared<Op['queueManuscripts']>({ method: 'GET', url: '/api/operator/queues/manuscripts' }),
  certifications: declared<Op['queueCertifications']>({ method: 'GET', url: '/api/operator/queues/certifications' }),
  decideMaterials: declared<Op['materialDecide']>({ method: 'POST', url: '/api/operator/materials/decide' }),
  decideManuscripts: declared<Op['manuscriptDecide']>({ method: 'POST', url: '/api/operator/manuscripts/decide' }),
  decideCertification: declared<Op['certificationDecide']>({ method: 'POST', url: '/api/operator/certifications/decide' }),
  appeals: declared<Op['appealList']>({ method: 'GET', url: '/api/operator/appeals' }),
  decideAppeal: declared<Op['appealDecide']>({ method: 'POST', url: '/api/operator/appeals/decide' }),
  users: declared<Op['userSearch']>({ method: 'GET', url: '/api/operator/users' }),
  user: declared<Op['userDetail']>({ method: 'GET', url: '/api/operator/users/detail' }),
  verifyUser: declared<Op['userVerify']>({ method: 'POST', url: '/api/operator/users/verify' }),
  banUser: declared<Op['userBan']>({ method: 'POST', url: '/api/operator/users/ban' }),
  unbanUser: declared<Op['userUnban']>({ method: 'POST', url: '/api/operator/users/unban' }),
  userTools: declared<Op['userTools']>({ method: 'POST', url: '/api/operator/users/tools' }),
  resetUserPassword: declared<Op['userResetPassword']>({ method: 'POST', url: '/api/operator/users/reset-password' }),
  importNewspaper: declared<Op['newspaperImport']>({ method: 'POST', url: '/api/operator/newspaper/import' }),
  newspaperImports: declared<Op['newspaperImports']>({ method: 'GET', url: '/api/operator/newspaper/imports' }),
  createUser: declared<Op['userCreate']>({ method: 'POST', url: '/api/operator/users/create' }),
  restoreDraft: declared<Op['draftRestore']>({ method: 'POST', url: '/api/operator/drafts/restore' }),
  rights: declared<Op['rightList']>({ method: 'GET', url: '/api/operator/rights' }),
  decideRight: declared<Op['rightDecide']>({ method: 'POST', url: '/api/operator/rights/decide' }),
  scoreDaily: declared<Op['scoreDailyBuild']>({ method: 'POST', url: '/api/operator/score/daily' }),
  storageReport: declared<Op['storageReport']>({ method: 'GET', url: '/api/operator/storage/report' }),
  audit: declared<Op['auditList']>({ method: 'GET', url: '/api/operator/audit' }),
  auditExport: declared<Op['auditExport']>({ method: 'GET', url: '/api/operator/audit/export' }),
} as const;
