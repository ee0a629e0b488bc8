/** Request and answer schemas of the certification calls (enterprise and government affairs). */
import { CERT_LIMITS } from 'shared-sdk/contract';
import { envelope, int, objectOf, str } from '../../lib/schemas';
import { text } from '../tools/text';

export const applyBody = objectOf({
  org_name: text(CERT_LIMITS.orgNameMax * 2),
  credit_code: text(40),
  licence_url: text(1000),
  contact_name: text(CERT_LIMITS.contactNameMax * 2),
  contact_phone: text(20),
});

const application = objectOf({
  org_name: str,
  credit_code: str,
  licence_url: str,
  contact_name: str,
  contact_phone: str,
  submit_time: str,
  review_time: { type: ['string', 'null'] },
});

export const stateAnswer = envelope(objectOf({ cert_audit_status: int, reason: str, application: { anyOf: [application, { type: 'null' }] } }));
