/**
 * The console's request and answer types (the calls are in `operator/schemas.ts`), and the roles'
 * permissions. Types only from the schemas, so TypeBox stays out of the console's bundle.
 */
import type { DataOf, RequestOf } from '../core/route';
import type * as operator from './schemas';

// The roles' values are `shared-sdk/contract/operator-roles`, imported by the console and the server
// only: no creator's page carries them in the shared contract.
export type { OperatorPermission, OperatorRole } from './roles';

export type OperatorAccount = operator.OperatorAccount;
export type OperatorSelf = operator.OperatorSelf;
export type TotpEnrolment = operator.TotpEnrolment;
export type PersonalToken = operator.PersonalToken;
export type QueueName = operator.QueueName;
export type QueueSummary = operator.QueueSummary;
export type QueuedMaterial = operator.QueuedMaterial;
export type QueuedManuscript = operator.QueuedManuscript;
export type QueuedCertification = operator.QueuedCertification;
export type DecisionResult = operator.DecisionResult;
export type BanInfo = operator.BanInfo;
export type Appeal = operator.Appeal;
export type UserSummary = operator.UserSummary;
export type UserDetail = operator.UserDetail;
export type NewspaperImport = operator.NewspaperImport;
export type AuditEntry = operator.AuditEntry;
export type StorageReport = operator.StorageReport;

export type OperatorSignInRequest = RequestOf<typeof operator.operatorSignIn>;
export type OperatorSignInAnswer = DataOf<typeof operator.operatorSignIn>;
export type OperatorTotpEnrolRequest = RequestOf<typeof operator.operatorTotpEnrol>;
export type OperatorVerifyTotpRequest = RequestOf<typeof operator.operatorVerifyTotp>;
export type OperatorVerifyTotpAnswer = DataOf<typeof operator.operatorVerifyTotp>;
export type OperatorChangePasswordRequest = RequestOf<typeof operator.operatorChangePassword>;
export type OperatorAddRequest = RequestOf<typeof operator.operatorAdd>;
export type OperatorAddAnswer = DataOf<typeof operator.operatorAdd>;
export type OperatorDisableRequest = RequestOf<typeof operator.operatorDisable>;
export type OperatorSetRoleRequest = RequestOf<typeof operator.operatorSetRole>;
export type OperatorResetTotpRequest = RequestOf<typeof operator.operatorResetTotp>;
export type OperatorResetPasswordRequest = RequestOf<typeof operator.operatorResetPassword>;
export type OperatorResetPasswordAnswer = DataOf<typeof operator.operatorResetPassword>;
export type OperatorRevokeSessionsRequest = RequestOf<typeof operator.operatorRevokeSessions>;
export type OperatorRevokeSessionsAnswer = DataOf<typeof operator.operatorRevokeSessions>;
export type OperatorTokenCreateRequest = RequestOf<typeof operator.operatorTokenCreate>;
export type OperatorTokenCreateAnswer = DataOf<typeof operator.operatorTokenCreate>;
export type OperatorTokenRevokeRequest = RequestOf<typeof operator.operatorTokenRevoke>;
export type QueueMaterialsRequest = RequestOf<typeof operator.queueMaterials>;
export type QueueMaterialsAnswer = DataOf<typeof operator.queueMaterials>;
export type QueueManuscriptsRequest = RequestOf<typeof operator.queueManuscripts>;
export type QueueManuscriptsAnswer = DataOf<typeof operator.queueManuscripts>;
export type QueueCertificationsRequest = RequestOf<typeof operator.queueCertifications>;
export type QueueCertificationsAnswer = DataOf<typeof operator.queueCertifications>;
export type MaterialDecideRequest = RequestOf<typeof operator.materialDecide>;
export type ManuscriptDecideRequest = RequestOf<typeof operator.manuscriptDecide>;
export type CertificationDecideRequest = RequestOf<typeof operator.certificationDecide>;
export type AppealListRequest = RequestOf<typeof operator.appealList>;
export type AppealListAnswer = DataOf<typeof operator.appealList>;
export type AppealDecideRequest = RequestOf<typeof operator.appealDecide>;
export type UserSearchRequest = RequestOf<typeof operator.userSearch>;
export type UserSearchAnswer = DataOf<typeof operator.userSearch>;
export type UserDetailRequest = RequestOf<typeof operator.userDetail>;
export type UserCreateRequest = RequestOf<typeof operator.userCreate>;
export type UserVerifyRequest = RequestOf<typeof operator.userVerify>;
export type UserBanRequest = RequestOf<typeof operator.userBan>;
export type UserUnbanRequest = RequestOf<typeof operator.userUnban>;
export type UserToolsRequest = RequestOf<typeof operator.userTools>;
export type UserResetPasswordRequest = RequestOf<typeof operator.userResetPassword>;
export type UserResetPasswordAnswer = DataOf<typeof operator.userResetPassword>;
export type DraftRestoreRequest = RequestOf<typeof operator.draftRestore>;
export type RightListRequest = RequestOf<typeof operator.rightList>;
export type RightListAnswer = DataOf<typeof operator.rightList>;
export type RightDecideRequest = RequestOf<typeof operator.rightDecide>;
export type ScoreDailyBuildRequest = RequestOf<typeof operator.scoreDailyBuild>;
export type NewspaperImportRequest = RequestOf<typeof operator.newspaperImport>;
export type NewspaperImportsRequest = RequestOf<typeof operator.newspaperImports>;
export type NewspaperImportsAnswer = DataOf<typeof operator.newspaperImports>;
export type AuditListRequest = RequestOf<typeof operator.auditList>;
export type AuditListAnswer = DataOf<typeof operator.auditList>;
export type AuditExportRequest = RequestOf<typeof operator.auditExport>;
export type StorageReportRequest = RequestOf<typeof operator.storageReport>;
export type ConsoleHomeAnswer = DataOf<typeof operator.consoleHome>;
