// ali-oss 6.23 ships no types: the part of its API the upload helpers use.
declare module 'ali-oss' {
  export interface OssCheckpoint {
    name: string;
    fileSize: number;
    partSize: number;
    uploadId: string;
    doneParts: Array<{ number: number; etag: string }>;
  }
  export interface OssOptions {
    accessKeyId: string;
    accessKeySecret: string;
    stsToken?: string;
    bucket?: string;
    region?: string;
    endpoint?: string;
    secure?: boolean;
    /** The endpoint is a custom domain bound to the bucket. */
    cname?: boolean;
    /** Sign with OSS signature V4 (OSS4-HMAC-SHA256) for `region`. */
    authorizationV4?: boolean;
    /** Path-style URLs: <endpoint>/<bucket>/<key>. */
    sldEnable?: boolean;
    timeout?: number;
    refreshSTSToken?: () => Promise<{ accessKeyId: string; accessKeySecret: string; stsToken: string }>;
    refreshSTSTokenInterval?: number;
  }
  export interface MultipartUploadOptions {
    parallel?: number;
    partSize?: number;
    mime?: string;
    checkpoint?: OssCheckpoint;
    /** Each part's request timeout (ms), instead of the client's. */
    timeout?: number;
    progress?: (percentage: number, checkpoint: OssCheckpoint | null) => void | Promise<void>;
  }
  export interface OssHttpClient {
    request(url: string, params: unknown): Promise<unknown>;
  }
  export default class OSS {
    constructor(options: OssOptions);
    urllib: OssHttpClient;
    multipartUpload(name: string, file: Blob, options?: MultipartUploadOptions): Promise<{ name: string }>;
    /** PutObject in one request (ali-oss's Node build also takes a Buffer). */
    put(
      name: string,
      file: Blob | Uint8Array,
      options?: { mime?: string; headers?: Record<string, string> },
    ): Promise<{ name: string; res: { status: number } }>;
  }
}
