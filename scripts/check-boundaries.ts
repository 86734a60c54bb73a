/**
 * Import-boundary check (`npm run lint`): the one-way imports of ARCHITECTURE.md, enforced.
 *
 * Why not eslint (eslint-plugin-boundaries / import/no-restricted-paths)? TypeScript 7 is the
 * native (Go) compiler and has no JavaScript compiler API, so typescript-eslint cannot parse our
 * sources with it (it would need TypeScript 6.x installed alongside). Import specifiers are simple
 * enough to find without a parser: comments are blanked out (strings and regex literals are
 * skipped so `//` inside them is not taken for a comment), then regexes pick up
 * `import … from '…'`, `import '…'`, `export … from '…'`, `import('…')` and `require('…')`.
 * Dependency-free: Node built-ins only.
 *
 * Rules (paths relative to the repository root):
 *   domain/    imports only domain/; packages: dayjs; no Node built-ins, no react, no axios.
 *   machines/  imports only machines/ and domain/; packages: xstate.
 *   src/       imports only src/, domain/, machines/ and packages (browser code: no Node
 *              built-ins); never server/ or tests/.
 *   server/    imports only server/, domain/, machines/, packages and Node built-ins; never src/.
 *   src/features/<a>/ never imports src/features/<b>/.
 *   tests/, bench/, scripts/ and root config files may import anything (not checked).
 * Unit tests beside the code (x.test.ts, x.spec.tsx) keep their layer's rules for our own folders
 * (plus tests/ for shared helpers) but may use any package or built-in (vitest, @xstate/graph, …).
 *
 * Prints `file:line  rule` for each violation and exits 1 if there is any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface Violation {
  /** Repository-relative path with forward slashes. */
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

type Layer = 'domain' | 'machines' | 'src' | 'server';

interface LayerRule {
  /** Our own top-level folders this layer may import from. */
  internal: readonly string[];
  /** Packages allowed (by package name); undefined = any package. */
  packages?: readonly string[];
  builtins: boolean;
  text: string;
}

const rules: Record<Layer, LayerRule> = {
  domain: { internal: ['domain'], packages: ['dayjs'], builtins: false, text: 'domain/ imports only domain/ and dayjs' },
  machines: { internal: ['machines', 'domain'], packages: ['xstate'], builtins: false, text: 'machines/ imports only machines/, domain/ and xstate' },
  src: { internal: ['src', 'domain', 'machines'], builtins: false, text: 'src/ imports only src/, domain/, machines/ and packages (no server/, tests/, Node built-ins)' },
  server: { internal: ['server', 'domain', 'machines'], builtins: true, text: 'server/ imports only server/, domain/, machines/, packages and Node built-ins (never src/)' },
};

const SOURCE_EXT = /\.(?:[cm]?[jt]sx?)$/;
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'coverage']);
const builtins = new Set(builtinModules);

/** The specifiers a module imports, with their 1-based line numbers. */
export function findImports(source: string): { specifier: string; line: number }[] {
  const { text, isCode } = blankComments(source);
  const found: { specifier: string; index: number }[] = [];
  const patterns = [
    // import x from '…' · import {a, type B} from '…' · import '…' · export * from '…' · export {a} from '…'
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s*)?(['"])([^'"\r\n]+)\1/g,
    // import('…') · import(`…`) without substitutions
    /\bimport\s*\(\s*(['"`])([^'"`$\r\n]+)\1/g,
    // require('…') (CommonJS or `import x = require('…')`)
    /\brequire\s*\(\s*(['"`])([^'"`$\r\n]+)\1/g,
  ];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const start = m.index;
      if (!isCode[start]) continue; // the keyword sits inside a string literal
      const specifier = m[2]!;
      found.push({ specifier, index: start + m[0].lastIndexOf(specifier) });
    }
  }
  const lineStarts: number[] = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (index: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  return found.sort((a, b) => a.index - b.index).map((f) => ({ specifier: f.specifier, line: lineOf(f.index) }));
}

/**
 * Replaces comments with spaces (newlines kept, so line numbers stay right) and marks which
 * characters are code (not inside a string, template text or regex literal).
 */
export function blankComments(source: string): { text: string; isCode: boolean[] } {
  const out = source.split('');
  const isCode = new Array<boolean>(source.length).fill(true);
  const n = source.length;
  let i = 0;
  let lastSignificant = ''; // last non-space code character, to tell a regex from a division
  let lastWord = '';
  /** Brace depth stack for template literals: a `}` at depth 0 of the top entry resumes the template. */
  const templateDepth: number[] = [];

  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  };
  const markLiteral = (from: number, to: number) => {
    for (let k = from; k < to; k++) isCode[k] = false;
  };
  const readString = (quote: string) => {
    const start = i;
    i++;
    while (i < n && source[i] !== quote && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
    i++;
    markLiteral(start, Math.min(i, n));
  };
  // Reads template text from i (just after ` or a closing }) up to the closing ` or a ${.
  const readTemplateText = () => {
    const start = i;
    while (i < n) {
      if (source[i] === '\\') { i += 2; continue; }
      if (source[i] === '`') { i++; markLiteral(start, i); return; }
      if (source[i] === '$' && source[i + 1] === '{') { i += 2; markLiteral(start, i); templateDepth.push(0); return; }
      i++;
    }
    markLiteral(start, n);
  };
  const regexAllowed = () =>
    lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant) ||
    /^(?:return|typeof|case|in|of|delete|void|throw|new|yield|await|else|do)$/.test(lastWord);

  while (i < n) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") { readString(c); lastSignificant = c; lastWord = ''; continue; }
    if (c === '`') { i++; readTemplateText(); lastSignificant = '`'; lastWord = ''; continue; }
    if (c === '/' && regexAllowed()) {
      const start = i;
      i++;
      let inClass = false;
      while (i < n && source[i] !== '\n') {
        const r = source[i];
        if (r === '\\') { i += 2; continue; }
        if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      i++;
      while (i < n && /[a-z]/i.test(source[i]!)) i++;
      markLiteral(start, i);
      lastSignificant = '/';
      lastWord = '';
      continue;
    }
    if (templateDepth.length > 0) {
      if (c === '{') templateDepth[templateDepth.length - 1]!++;
      else if (c === '}') {
        if (templateDepth[templateDepth.length - 1] === 0) {
          templateDepth.pop();
          i++;
          readTemplateText();
          lastSignificant = '`';
          lastWord = '';
          continue;
        }
        templateDepth[templateDepth.length - 1]!--;
      }
    }
    if (/[A-Za-z_$0-9]/.test(c)) {
      const m = /^[A-Za-z_$0-9]+/.exec(source.slice(i, i + 64))!;
      lastWord = m[0];
      lastSignificant = 'a';
      i += m[0].length;
      continue;
    }
    if (!/\s/.test(c)) { lastSignificant = c; lastWord = ''; }
    i++;
  }
  return { text: out.join(''), isCode };
}

function layerOf(file: string): Layer | undefined {
  const top = file.split('/')[0];
  return top === 'domain' || top === 'machines' || top === 'src' || top === 'server' ? top : undefined;
}

/** 'dayjs/locale/zh-cn' → 'dayjs', '@mantine/core/styles.css' → '@mantine/core'. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtins.has(specifier) || builtins.has(specifier.split('/')[0]!);
}

/** Checks one file. `file` is relative to the repository root (either slash). */
export function checkSource(file: string, source: string): Violation[] {
  const path = file.split(sep).join('/').replace(/^\.\//, '');
  const layer = layerOf(path);
  if (!layer) return [];
  const rule = rules[layer];
  const isTest = TEST_FILE.test(path);
  const feature = /^src\/features\/([^/]+)\//.exec(path)?.[1];
  const violations: Violation[] = [];

  for (const { specifier, line } of findImports(source)) {
    const bare = specifier.replace(/[?#].*$/, '');
    const add = (text: string) => violations.push({ file: path, line, specifier, rule: `${text}: '${specifier}'` });

    if (bare.startsWith('.') || bare.startsWith('/')) {
      const target = bare.startsWith('/')
        ? posix.normalize(bare.slice(1))
        : posix.normalize(posix.join(posix.dirname(path), bare));
      if (target.startsWith('..')) { add(`${rule.text} (resolves outside the repository)`); continue; }
      const top = target.split('/')[0]!;
      const allowed = isTest ? [...rule.internal, 'tests'] : rule.internal;
      if (!allowed.includes(top)) { add(rule.text); continue; }
      const targetFeature = /^src\/features\/([^/]+)(?:\/|$)/.exec(target)?.[1];
      if (feature && targetFeature && targetFeature !== feature) {
        add(`src/features/${feature}/ never imports another feature (src/features/${targetFeature}/)`);
      }
      continue;
    }
    if (isTest) continue;
    if (isBuiltin(bare)) {
      if (!rule.builtins) add(`${rule.text}; no Node built-ins`);
      continue;
    }
    if (rule.packages && !rule.packages.includes(packageName(bare))) add(rule.text);
  }
  return violations;
}

function* walk(root: string, dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, full);
    else if (entry.isFile() && SOURCE_EXT.test(entry.name) && !entry.name.endsWith('.d.ts')) yield relative(root, full).split(sep).join('/');
  }
}

/** Checks every source file of the layers under root. */
export function checkTree(root: string): { files: number; violations: Violation[] } {
  let files = 0;
  const violations: Violation[] = [];
  for (const layer of Object.keys(rules)) {
    const dir = join(root, layer);
    let exists = true;
    try { readdirSync(dir); } catch { exists = false; }
    if (!exists) continue;
    for (const file of walk(root, dir)) {
      files++;
      violations.push(...checkSource(file, readFileSync(join(root, file), 'utf8')));
    }
  }
  return { files, violations };
}

function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const t0 = performance.now();
  const { files, violations } = checkTree(root);
  for (const v of violations) console.log(`${v.file}:${v.line}  ${v.rule}`);
  const ms = Math.round(performance.now() - t0);
  if (violations.length > 0) {
    console.log(`\ncheck-boundaries: ${violations.length} violation(s) in ${files} files (${ms} ms)`);
    process.exitCode = 1;
  } else {
    console.log(`check-boundaries: ${files} files, no import-boundary violations (${ms} ms)`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
