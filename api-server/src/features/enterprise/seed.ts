/**
 * Demo certifications for the accounts created by this seed run, one of each status:
 *   13800000003  enterprise application submitted (2)        13800000004  government affairs reviewing (3)
 *   13800000006  enterprise and government affairs passed (1) 13800000007  enterprise failed (4, with a reason)
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CertAuditStatus, EnterpriseStatus } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import type { ObjectStore } from '../../storage/object-store';

interface DemoCert {
  phone: string;
  kind: 'enterprise' | 'gov';
  org: string;
  code: string;
  status: number;
  reason?: string;
}

// Credit codes with valid GB 32100-2015 check characters.
const CERTS: readonly DemoCert[] = [
  { phone: '13800000006', kind: 'enterprise', org: '河南日报传媒有限公司', code: '91350100M000100Y43', status: CertAuditStatus.PASSED },
  { phone: '13800000006', kind: 'gov', org: '河南省新闻出版局', code: '12410000415800316F', status: CertAuditStatus.PASSED },
  { phone: '13800000003', kind: 'enterprise', org: '郑州晨光文化有限公司', code: '91110000600037341L', status: CertAuditStatus.SUBMITTED },
  { phone: '13800000004', kind: 'gov', org: '开封市融媒体中心', code: '12100000000000001J', status: CertAuditStatus.REVIEWING },
  {
    phone: '13800000007',
    kind: 'enterprise',
    org: '洛阳小陈工作室',
    code: '91410100MA4411111N',
    status: CertAuditStatus.FAILED,
    reason: '营业执照照片模糊，请上传清晰完整的照片',
  },
];

const LICENCE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="280"><rect width="400" height="280" fill="#fff7e6" stroke="#d4380d" stroke-width="8"/>' +
  '<text x="200" y="150" font-size="40" text-anchor="middle" fill="#d4380d">营业执照（演示）</text></svg>';

export async function seedCertifications(
  db: Kysely<Database>,
  idOf: ReadonlyMap<string, number>,
  ago: (days: number) => Date,
  storage?: ObjectStore,
): Promise<void> {
  for (const cert of CERTS) {
    const userId = idOf.get(cert.phone);
    if (!userId) continue;
    const key = `image/20261101/u${userId}/${randomBytes(16).toString('hex')}.svg`;
    if (storage) await storage.put(key, Buffer.from(LICENCE_SVG), 'image/svg+xml');
    // Made here, without metadata: a clean copy (media/clean-copies.ts), as a cleaned upload is.
    await db.insertInto('clean_images').values({ object_key: key, owner_id: userId, source: 'seed' }).execute();
    const reviewed = cert.status === CertAuditStatus.PASSED || cert.status === CertAuditStatus.FAILED;
    await db
      .insertInto('certifications')
      .values({
        user_id: userId,
        kind: cert.kind,
        org_name: cert.org,
        credit_code: cert.code,
        licence_key: key,
        contact_name: '王经理',
        contact_phone: '13912345678',
        audit_status: cert.status,
        reason: cert.reason ?? '',
        submitted_at: ago(10),
        reviewed_at: reviewed ? ago(8) : null,
      })
      .execute();
    if (cert.kind === 'enterprise' && cert.status !== CertAuditStatus.PASSED) {
      const status = cert.status === CertAuditStatus.FAILED ? EnterpriseStatus.NONE : EnterpriseStatus.APPLIED;
      await db.updateTable('users').set({ enterprise_status: status, enterprise_cert_audit_status: cert.status }).where('id', '=', userId).execute();
    }
  }
}
