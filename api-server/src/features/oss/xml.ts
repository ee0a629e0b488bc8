/** The XML bodies of the OSS protocol subset (errors and multipart results). */
import { randomBytes } from 'node:crypto';

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
