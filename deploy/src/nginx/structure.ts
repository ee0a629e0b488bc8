/** An nginx directive: `name args… ;` or `name args… { children }`. */
export interface Directive {
  name: string;
  args: string[];
  children?: Directive[];
}

/** Splits a config into words, quoted strings, `;`, `{` and `}`, dropping comments. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const re = /#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g;
  for (const m of text.matchAll(re)) {
    if (m[0].startsWith('#')) continue;
    tokens.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  }
  return tokens;
}

/**
 * Parses the block structure of an nginx config; throws on an unbalanced brace or a directive
 * missing its `;`. Used where no nginx binary can run `nginx -t`.
 */
export function parseNginx(text: string): Directive[] {
  const tokens = tokenize(text);
  let i = 0;
  const block = (nested: boolean): Directive[] => {
    const out: Directive[] = [];
    let words: string[] = [];
    while (i < tokens.length) {
      const t = tokens[i++] ?? '';
      if (t === ';' || t === '{') {
        const [name, ...args] = words;
        if (!name) throw new Error(`nginx config: "${t}" without a directive near token ${i}`);
        out.push(t === ';' ? { name, args } : { name, args, children: block(true) });
        words = [];
      } else if (t === '}') {
        if (!nested) throw new Error('nginx config: unbalanced "}"');
        if (words.length) throw new Error(`nginx config: "${words.join(' ')}" is missing its ";"`);
        return out;
      } else words.push(t);
    }
    if (nested) throw new Error('nginx config: a block is not closed');
    if (words.length) throw new Error(`nginx config: "${words.join(' ')}" is missing its ";"`);
    return out;
  };
  return block(false);
}

export function findAll(directives: Directive[], name: string): Directive[] {
  return directives.flatMap((d) => [...(d.name === name ? [d] : []), ...findAll(d.children ?? [], name)]);
}
