export * from './session-slice';
export { USER_INFO_STORAGE_KEY } from './storage';
export { bindStore, getSessionUser, getToken, readCertFlag, type SessionStore } from './access';
export * from './events';
export { requireCert, requireNotBanned, guardCreation } from './guards';
