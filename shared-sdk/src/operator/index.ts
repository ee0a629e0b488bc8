/**
 * `shared-sdk/operator`: the operators' client, bundled into the console only (no creator page pays
 * for it). Operator calls are unsigned and carry no creator token: the operator's HttpOnly session
 * cookie authenticates them, and a dead session signs the console out, never the creator.
 */
export {
  declared,
  onOperatorSignedOut,
  operatorCall,
  OperatorError,
  operatorFile,
  operatorUpload,
  queryOf,
  unwrap,
  type OperatorCallSpec,
} from './operator-client';
