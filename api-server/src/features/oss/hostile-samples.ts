/**
 * Files a hostile creator would upload, and the smallest real files of each media kind, for the
 * storage and material tests. Each media sample is only its magic number and a little padding: the
 * storage types files by those bytes, which is what the tests are about.
 */
const pad = (head: Buffer | string, size = 64): Buffer => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : head;
  return Buffer.concat([start, Buffer.alloc(Math.max(0, size - start.length))]);
};

export const MEDIA_SAMPLES: ReadonlyArray<{ name: string; body: Buffer; type: string; inline: boolean }> = [
  { name: 'webp', body: pad('RIFF\x24\x00\x00\x00WEBPVP8 '), type: 'image/webp', inline: true },
  { name: 'mp4', body: pad('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2'), type: 'video/mp4', inline: true },
  { name: 'mov', body: pad('\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00'), type: 'video/quicktime', inline: true },
  { name: 'webm', body: pad('\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\xf7\x81\x01\x42\x82\x84webm'), type: 'video/webm', inline: true },
  { name: 'mp3 (ID3)', body: pad('ID3\x04\x00\x00\x00\x00\x00\x00'), type: 'audio/mpeg', inline: true },
  { name: 'mp3 (frame)', body: pad('\xff\xfb\x90\x64'), type: 'audio/mpeg', inline: true },
  { name: 'wav', body: pad('RIFF\x24\x00\x00\x00WAVEfmt '), type: 'audio/wav', inline: true },
  { name: 'ogg', body: pad('OggS\x00\x02'), type: 'audio/ogg', inline: true },
  { name: 'pdf', body: pad('%PDF-1.4\n'), type: 'application/octet-stream', inline: false },
  { name: 'zip', body: pad('PK\x03\x04'), type: 'application/octet-stream', inline: false },
];

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

/** SVGs that would run script if served as an image document; the landed regex let the first four through. */
export const HOSTILE_SVGS: Readonly<Record<string, string>> = {
  'namespaced <s:script>': `<svg ${SVG_NS} xmlns:s="http://www.w3.org/2000/svg"><s:script>document.title='pwned'</s:script></svg>`,
  '<h:script> in foreignObject': `<svg ${SVG_NS}><foreignObject width="10" height="10"><h:script xmlns:h="http://www.w3.org/1999/xhtml">document.title='pwned'</h:script></foreignObject></svg>`,
  'iframe srcdoc': `<svg ${SVG_NS}><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" srcdoc="&lt;script&gt;parent.document.title='pwned'&lt;/script&gt;"/></foreignObject></svg>`,
  'entity-encoded javascript:': `<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="&#106;avascript:document.title='pwned'"><rect width="5" height="5"/></a></svg>`,
  'entity-encoded javascript: in use': `<svg ${SVG_NS}><use href="&#x6A;avascript:alert(1)"/></svg>`,
  '<script>': `<svg ${SVG_NS}><script>document.title='pwned'</script></svg>`,
  onload: `<svg ${SVG_NS} onload="document.title='pwned'"/>`,
  'upper-case ONLOAD': `<svg ${SVG_NS} ONLOAD="document.title='pwned'"/>`,
  'entity declaration': `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg ${SVG_NS}>&x;</svg>`,
  'xml-stylesheet': `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="#x"?><svg ${SVG_NS}/>`,
  '<style>': `<svg ${SVG_NS}><style>@import url(//evil.example/x.css)</style></svg>`,
  'url(javascript:) fill': `<svg ${SVG_NS}><rect fill="url(javascript:alert(1))"/></svg>`,
};

/** A clean SVG: shapes, a gradient, text and an internal reference. */
export const CLEAN_SVG = `<?xml version="1.0"?><svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect id="r" width="10" height="10" fill="url(#g)"/><use xlink:href="#r"/><text x="1" y="5">郑州 &amp; 嵩山</text></svg>`;

/** GIF magic, then HTML: a browser sniffing it would run the script. */
export const GIF_HTML_POLYGLOT = Buffer.concat([
  Buffer.from('474946383961010001000000002c', 'hex'),
  Buffer.from('<html><script>document.title="pwned"</script></html>'),
]);

export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>document.title="pwned"</script></body></html>');
