/**
 * Is an SVG safe to serve as an image from our origin? Parsed by a real XML parser (sanitize-html's
 * htmlparser2 in XML mode, entities decoded), then held against an allow-list of shape, text,
 * gradient and filter elements and their presentation attributes. Anything else — script in any
 * namespace (`<s:script>`), `foreignObject` (HTML inside SVG), event handlers, links that are not
 * `#fragment` references, `style`, entity declarations, processing instructions — makes it unsafe.
 * Refusing, rather than rewriting, keeps the stored bytes exactly what the user uploaded.
 */
import sanitizeHtml from 'sanitize-html';

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textpath',
  'lineargradient',
  'radialgradient',
  'stop',
  'clippath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feblend',
  'fecolormatrix',
  'fecomposite',
  'fedropshadow',
  'feflood',
  'fegaussianblur',
  'femerge',
  'femergenode',
  'feoffset',
]);

const ATTRIBUTES = new Set([
  'id',
  'class',
  'width',
  'height',
  'viewbox',
  'version',
  'preserveaspectratio',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'pathlength',
  'transform',
  'opacity',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'stroke-miterlimit',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'color',
  'display',
  'visibility',
  'vector-effect',
  'shape-rendering',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientunits',
  'gradienttransform',
  'spreadmethod',
  'patternunits',
  'patterncontentunits',
  'patterntransform',
  'markerwidth',
  'markerheight',
  'markerunits',
  'refx',
  'refy',
  'orient',
  'marker-start',
  'marker-mid',
  'marker-end',
  'clippathunits',
  'maskunits',
  'maskcontentunits',
  'filterunits',
  'primitiveunits',
  'in',
  'in2',
  'result',
  'stddeviation',
  'mode',
  'type',
  'values',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'flood-color',
  'flood-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'word-spacing',
  'dx',
  'dy',
  'rotate',
  'textlength',
  'lengthadjust',
  'startoffset',
  'xml:space',
  'href',
  'xlink:href',
  'xmlns',
  'xmlns:xlink',
]);

const NAMESPACES: Readonly<Record<string, string>> = { xmlns: 'http://www.w3.org/2000/svg', 'xmlns:xlink': 'http://www.w3.org/1999/xlink' };

/** Larger SVGs are not worth parsing on a request path; they are kept as plain files. */
export const MAX_SVG_BYTES = 2 * 1024 * 1024;

/** The document must start (after an XML declaration, comments, a plain doctype) with `<svg`. */
const PROLOG = /^(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*>\s*)*<svg[\s>/]/i;

/** Control characters and whitespace a browser ignores inside a URL scheme. */
function squeeze(value: string): string {
  const kept = [...value].filter((char) => {
    const code = char.charCodeAt(0);
    return code > 0x20 && (code < 0x7f || code > 0x9f);
  });
  return kept.join('').toLowerCase();
}

function safeValue(name: string, value: string): boolean {
  const plain = squeeze(value);
  if (name in NAMESPACES) return value.trim() === NAMESPACES[name];
  if (name === 'href' || name === 'xlink:href') return /^#[\w.:-]+$/.test(value.trim());
  if (/javascript:|vbscript:|data:|expression\(/.test(plain)) return false;
  // Paint and effect references point inside the document only: url(#id).
  for (const match of plain.matchAll(/url\(([^)]*)\)/g)) if (!/^['"]?#[\w.:-]+['"]?$/.test(match[1] ?? '')) return false;
  return true;
}

/** Looks like an SVG document at all (the start of the text)? */
export function looksLikeSvg(body: Buffer): boolean {
  return PROLOG.test(
    body
      .subarray(0, 4096)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart(),
  );
}

/** True when the SVG holds nothing beyond the allow-list (see above). */
export function isSafeSvg(body: Buffer): boolean {
  if (body.length > MAX_SVG_BYTES || !looksLikeSvg(body)) return false;
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  // Entity declarations (billion laughs, hidden markup) and processing instructions (XSLT) beyond
  // the leading XML declaration.
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(text) || /<\?/.test(text.trimStart().replace(/^<\?xml[^>]*\?>/i, ''))) return false;
  let safe = true;
  let root: string | null = null;
  sanitizeHtml(text, {
    parser: { xmlMode: true, decodeEntities: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    // The verdict comes from onOpenTag, which sees every element before any filtering; the
    // sanitized text itself is not used.
    allowedTags: [...ELEMENTS],
    allowedAttributes: {},
    onOpenTag: (name: string, attributes: Record<string, string>) => {
      root ??= name;
      if (!ELEMENTS.has(name.toLowerCase())) safe = false;
      for (const [attribute, value] of Object.entries(attributes)) {
        const lower = attribute.toLowerCase();
        if (!ATTRIBUTES.has(lower) || !safeValue(lower, value)) safe = false;
      }
    },
  });
  return safe && root === 'svg';
}
