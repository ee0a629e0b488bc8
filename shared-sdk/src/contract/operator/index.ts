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

export type OperatorAddRequest = RequestOf<typeof operator.operatorAdd>;
export type OperatorTokenCreateRequest = RequestOf<typeof operator.operatorTokenCreate>;
export type MaterialDecideRequest = RequestOf<typeof operator.materialDecide>;
export type ManuscriptDecideRequest = RequestOf<typeof operator.manuscriptDecide>;
export type CertificationDecideRequest = RequestOf<typeof operator.certificationDecide>;
export type AppealListRequest = RequestOf<typeof operator.appealList>;
export type AppealDecideRequest = RequestOf<typeof operator.appealDecide>;
export type UserCreateRequest = RequestOf<typeof operator.userCreate>;
export type UserBanRequest = RequestOf<typeof operator.userBan>;
export type UserToolsRequest = RequestOf<typeof operator.userTools>;
export type RightListAnswer = DataOf<typeof operator.rightList>;
export type RightDecideRequest = RequestOf<typeof operator.rightDecide>;
export type NewspaperImportRequest = RequestOf<typeof operator.newspaperImport>;
export type AuditExportRequest = RequestOf<typeof operator.auditExport>;
