/** The XML bodies of the OSS protocol subset (errors, listings and multipart results). */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const element = (name: string, value: string): string => `<${name}>${escape(value)}</${name}>`;

export const requestId = (): string => randomBytes(12).toString('hex').toUpperCase();

export function xmlDocument(root: string, fields: Record<string, string>): string {
  const body = Object.entries(fields)
    .map(([name, value]) => element(name, value))
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${body}</${root}>`;
}

export function errorXml(code: string, message: string, extra: Record<string, string> = {}): string {
  return xmlDocument('Error', { Code: code, Message: message, RequestId: requestId(), ...extra });
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string, extra: Record<string, string> = {}): FastifyReply {
  return reply
    .code(status)
    .type('application/xml')
    .header('x-oss-request-id', requestId())
    .send(errorXml(code, message, extra));
}

export interface ListedObject {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
}

export interface ListPage {
  bucket: string;
  prefix: string;
  marker: string;
  maxKeys: number;
  objects: readonly ListedObject[];
  /** The last key of this page when more follow, else empty. */
  nextMarker: string;
}

/** A ListObjects (V1) answer, with the fields ali-oss reads (it expects an Owner on each entry). */
export function listBucketXml(page: ListPage): string {
  const contents = page.objects
    .map(
      (object) =>
        `<Contents>${element('Key', object.key)}${element('LastModified', object.lastModified.toISOString())}${element('ETag', `"${object.etag}"`)}` +
        `${element('Type', 'Normal')}${element('Size', String(object.size))}${element('StorageClass', 'Standard')}` +
        `<Owner>${element('ID', 'embedded')}${element('DisplayName', 'embedded')}</Owner></Contents>`,
    )
    .join('');
  const head =
    element('Name', page.bucket) +
    element('Prefix', page.prefix) +
    element('Marker', page.marker) +
    element('MaxKeys', String(page.maxKeys)) +
    element('Delimiter', '') +
    element('IsTruncated', page.nextMarker ? 'true' : 'false') +
    (page.nextMarker ? element('NextMarker', page.nextMarker) : '');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult>${head}${contents}</ListBucketResult>`;
}

/** The parts of a CompleteMultipartUpload body: <Part><PartNumber>n</PartNumber><ETag>e</ETag></Part>… */
export function parseCompleteParts(xml: string): Array<{ partNumber: number; etag: string }> | null {
  const parts: Array<{ partNumber: number; etag: string }> = [];
  for (const match of xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
    const inner = match[1] ?? '';
    const number = /<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(inner)?.[1];
    const etag = /<ETag>([^<]*)<\/ETag>/.exec(inner)?.[1];
    if (!number || etag === undefined) return null;
    parts.push({ partNumber: Number(number), etag: etag.replace(/&quot;/g, '"') });
  }
  return parts;
}
