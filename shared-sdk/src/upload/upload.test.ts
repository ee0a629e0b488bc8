import { buildObjectKey, dateFolder, randomId } from './object-key';
import { isAllowedImage, isEditorAudio, isEditorImage } from './file-rules';
import { clientOptions, objectUrl, withPathPrefix } from './storage-client';

const token = {
  regionId: 'embedded',
  endpoint: '/oss',
  bucket: 'creator',
  accessKeyId: 'STS.a',
  secretAccessKey: 's',
  sessionToken: 't',
  keyScope: 'u7',
  expiration: '2026-11-22T10:00:00.000Z',
};

describe('upload helpers', () => {
  it('accepts only gif, jpeg, jpg, png and svg images', () => {
    for (const name of ['a.gif', 'b.JPEG', 'c.jpg', 'd.png', 'e.svg']) expect(isAllowedImage({ name, type: '' })).toBe(true);
    expect(isAllowedImage({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isAllowedImage({ name: 'a.webp', type: 'image/webp' })).toBe(false);
    expect(isAllowedImage({ name: 'a.png', type: 'text/plain' })).toBe(false);
    expect(isAllowedImage({ name: 'noext', type: 'image/png' })).toBe(false);
  });

  it('names objects kind/date/scope/<32 hex>.ext', () => {
    const key = buildObjectKey('image', 'u7', '照片.PNG', new Date(2026, 10, 22));
    expect(key).toMatch(/^image\/20261122\/u7\/[0-9a-f]{32}\.png$/);
    expect(randomId()).toHaveLength(32);
    expect(dateFolder(new Date(2026, 0, 5))).toBe('20260105');
  });

  it('talks to the embedded storage path-style on the page origin, with /oss in front of every request', () => {
    expect(clientOptions(token, 'http://127.0.0.1:8080', undefined)).toMatchObject({
      endpoint: 'http://127.0.0.1:8080',
      sldEnable: true,
      secure: false,
      bucket: 'creator',
      stsToken: 't',
      region: 'embedded',
      authorizationV4: true,
    });
    expect(withPathPrefix('http://127.0.0.1:8080/creator/image/a.png?uploads=', '/oss')).toBe('http://127.0.0.1:8080/oss/creator/image/a.png?uploads=');
    expect(objectUrl(token, 'image/20261122/u7/x.png')).toBe('/oss/creator/image/20261122/u7/x.png');
  });

  it("sends writes to the server's storage thread when the token names its origin, and reads stay on the page's", () => {
    const threaded = { ...token, uploadOrigin: 'http://127.0.0.1:8081' };
    expect(clientOptions(threaded, 'http://127.0.0.1:8080', undefined)).toMatchObject({ endpoint: 'http://127.0.0.1:8081', sldEnable: true, secure: false });
    expect(objectUrl(threaded, 'image/20261122/u7/x.png')).toBe('/oss/creator/image/20261122/u7/x.png');
  });

  it('uses ali-oss defaults for a real bucket', () => {
    const real = { ...token, endpoint: 'oss-cn-hangzhou.aliyuncs.com', regionId: 'oss-cn-hangzhou', bucket: 'media' };
    expect(clientOptions(real, 'https://app.example', undefined)).toMatchObject({ region: 'oss-cn-hangzhou', secure: true });
    expect(objectUrl(real, 'image/x.png')).toBe('https://media.oss-cn-hangzhou.aliyuncs.com/image/x.png');
  });

  it('signs V4 for the bucket region, and names objects on a custom domain bound to the bucket', () => {
    const real = { ...token, endpoint: 'oss-cn-hangzhou.aliyuncs.com', regionId: 'oss-cn-hangzhou', bucket: 'media' };
    expect(clientOptions(real, 'https://app.example', undefined)).toMatchObject({ region: 'oss-cn-hangzhou', authorizationV4: true });
    expect(clientOptions(real, 'https://app.example', undefined)).not.toHaveProperty('cname');
    const domain = { ...real, endpoint: 'files.example.com', cname: true };
    expect(clientOptions(domain, 'https://app.example', undefined)).toMatchObject({
      endpoint: 'files.example.com',
      cname: true,
      secure: true,
      region: 'oss-cn-hangzhou',
      authorizationV4: true,
    });
    expect(objectUrl(domain, 'image/x.png')).toBe('https://files.example.com/image/x.png');
  });
});

describe("the editor's file rules (docs/product.md §5)", () => {
  it('takes .jpg, .jpeg, .png and .gif pictures only', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.gif']) expect(isEditorImage({ name, type: '' })).toBe(true);
    expect(isEditorImage({ name: 'e.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isEditorImage({ name: 'f.webp', type: 'image/webp' })).toBe(false);
    expect(isEditorImage({ name: 'g.png', type: 'image/jpeg' })).toBe(false);
  });

  it('takes audio of type mp3, wav, ogg or mpeg only', () => {
    for (const type of ['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/ogg']) expect(isEditorAudio({ type })).toBe(true);
    for (const type of ['audio/flac', 'audio/aac', 'video/mpeg', '', 'application/ogg']) expect(isEditorAudio({ type })).toBe(false);
  });
});
