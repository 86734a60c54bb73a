// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSource, checkTree, findImports, packageName } from './check-boundaries.ts';

const specs = (file: string, source: string) => checkSource(file, source).map((v) => `${v.line} ${v.specifier}`);

describe('findImports', () => {
  it('finds static, re-export, side-effect, type, dynamic and require imports with their lines', () => {
    const source = [
      "import a from 'a';",
      "import { b, type B } from './b.ts';",
      'import {',
      '  c,',
      '  d as e,',
      "} from '../c.ts';",
      "import './side-effect.css';",
      "import type { T } from 'types-only';",
      "export * from './star.ts';",
      "export { x } from './x.ts';",
      "const lazy = () => import('./lazy.tsx');",
      "const cjs = require('cjs');",
      "import json from './t.json' with { type: 'json' };",
    ].join('\n');
    expect(findImports(source)).toEqual([
      { specifier: 'a', line: 1 },
      { specifier: './b.ts', line: 2 },
      { specifier: '../c.ts', line: 6 },
      { specifier: './side-effect.css', line: 7 },
      { specifier: 'types-only', line: 8 },
      { specifier: './star.ts', line: 9 },
      { specifier: './x.ts', line: 10 },
      { specifier: './lazy.tsx', line: 11 },
      { specifier: 'cjs', line: 12 },
      { specifier: './t.json', line: 13 },
    ]);
  });

  it('ignores imports in comments and strings, and is not fooled by // in strings, templates or regexes', () => {
    const source = [
      "// import x from 'line-comment';",
      "/* import y from 'block-comment';",
      "   import z from 'still-comment'; */",
      "const s = \"import q from 'in-a-string'\";",
      "const url = 'http://example.com'; import real1 from 'real1';",
      'const t = `// ${1 + 2} import w from "in-template"`; import real2 from \'real2\';',
      "const re = /\\/\\/ import r from 'in-regex'/g; import real3 from 'real3';",
      "const half = 1 / 2; import real4 from 'real4'; const other = 4 / 2;",
      "export const notAnImport = 'dayjs';",
    ].join('\n');
    expect(findImports(source)).toEqual([
      { specifier: 'real1', line: 5 },
      { specifier: 'real2', line: 6 },
      { specifier: 'real3', line: 7 },
      { specifier: 'real4', line: 8 },
    ]);
  });

  it('keeps line numbers right after multi-line comments', () => {
    const source = "/**\n * doc\n */\n\nimport a from 'a';";
    expect(findImports(source)).toEqual([{ specifier: 'a', line: 5 }]);
  });

  it('names packages by their first segment, or two for a scope', () => {
    expect(packageName('dayjs/locale/zh-cn')).toBe('dayjs');
    expect(packageName('@mantine/core/styles.css')).toBe('@mantine/core');
  });
});

describe('checkSource rules', () => {
  it('domain/ imports only domain/ and dayjs', () => {
    const source = [
      "import dayjs from 'dayjs';",
      "import 'dayjs/locale/zh-cn';",
      "import { a } from './texts/auth.ts';",
      "import t from './code-tables/x.json' with { type: 'json' };",
      "import { m } from '../machines/auth.ts';",
      "import { s } from '../server/config.ts';",
      "import { readFileSync } from 'node:fs';",
      "import path from 'path';",
      "import React from 'react';",
      "import axios from 'axios';",
      "import { shared } from '../../shared/x.ts';",
    ].join('\n');
    expect(specs('domain/order.ts', source)).toEqual([
      '5 ../machines/auth.ts',
      '6 ../server/config.ts',
      '7 node:fs',
      '8 path',
      '9 react',
      '10 axios',
      '11 ../../shared/x.ts',
    ]);
  });

  it('machines/ imports only machines/, domain/ and xstate', () => {
    const source = [
      "import { setup, assign } from 'xstate';",
      "import { authText } from '../domain/texts/auth.ts';",
      "import { other } from './detail.ts';",
      "import axios from 'axios';",
      "import { useSelector } from '@xstate/react';",
      "import { api } from '../src/lib/api.ts';",
    ].join('\n');
    expect(specs('machines/auth.ts', source)).toEqual(['4 axios', '5 @xstate/react', '6 ../src/lib/api.ts']);
  });

  it('src/ never imports server/ or tests/, nor Node built-ins', () => {
    const source = [
      "import { Button } from '@mantine/core';",
      "import { authMachine } from '../../../machines/auth.ts';",
      "import { webText } from '../../../domain/texts/web.ts';",
      "import { client } from '../../lib/api.ts';",
      "import { config } from '../../../server/config.ts';",
      "import { demo } from '../../../tests/helpers/test-app.ts';",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    expect(specs('src/features/auth/LoginPage.tsx', source)).toEqual([
      '5 ../../../server/config.ts',
      '6 ../../../tests/helpers/test-app.ts',
      '7 node:fs',
    ]);
  });

  it('a feature never imports another feature, but may use its own files and shared src/', () => {
    const source = [
      "import { x } from './components/Form.tsx';",
      "import { y } from '../auth/api/login.ts';",
      "import { z } from '../../components/DefinitionTable.tsx';",
      "const lazy = () => import('../bills/BillPage.tsx');",
    ].join('\n');
    const violations = checkSource('src/features/account/AccountPage.tsx', source);
    expect(violations.map((v) => v.line)).toEqual([2, 4]);
    expect(violations[0]!.rule).toContain('src/features/account/ never imports another feature (src/features/auth/)');
    // The router outside any feature may import every feature.
    expect(checkSource('src/app/routes.tsx', "const p = () => import('../features/auth/LoginPage.tsx');")).toEqual([]);
  });

  it('server/ may import domain/, machines/, packages and built-ins, never src/', () => {
    const source = [
      "import Fastify from 'fastify';",
      "import { join } from 'node:path';",
      "import { createHash } from 'crypto';",
      "import { bills } from '../../domain/bills/index.ts';",
      "import { lifecycle } from '../../machines/lifecycle.ts';",
      "import { Page } from '../../src/app/Page.tsx';",
      "import { helper } from '../../tests/helpers/test-app.ts';",
    ].join('\n');
    expect(specs('server/routes/bills.ts', source)).toEqual(['6 ../../src/app/Page.tsx', '7 ../../tests/helpers/test-app.ts']);
  });

  it('lets unit tests beside the code use any package and tests/ helpers, but keeps the layer rules', () => {
    const source = [
      "import { describe, it } from 'vitest';",
      "import { getShortestPaths } from '@xstate/graph';",
      "import { readFileSync } from 'node:fs';",
      "import { demo } from '../tests/helpers/test-app.ts';",
      "import { api } from '../src/lib/api.ts';",
    ].join('\n');
    expect(specs('machines/auth.test.ts', source)).toEqual(['5 ../src/lib/api.ts']);
  });

  it('does not check tests/, bench/, scripts/ or root files', () => {
    const source = "import { Page } from '../src/app/Page.tsx'; import { x } from '../server/app.ts';";
    expect(checkSource('tests/e2e/login.test.ts', source)).toEqual([]);
    expect(checkSource('bench/run.ts', source)).toEqual([]);
    expect(checkSource('vite.config.ts', source)).toEqual([]);
  });

  it('reports file, line and a rule naming the specifier', () => {
    expect(checkSource('domain/x.ts', "\n\nimport axios from 'axios';")).toEqual([
      { file: 'domain/x.ts', line: 3, specifier: 'axios', rule: "domain/ imports only domain/ and dayjs: 'axios'" },
    ]);
  });
});

describe('checkTree', () => {
  it('walks the layer folders, skipping node_modules, dist and data', () => {
    const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
    try {
      const put = (file: string, text: string) => {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), text);
      };
      put('domain/a.ts', "import b from './b.ts';");
      put('domain/b.ts', "import { x } from '../server/x.ts';");
      put('domain/node_modules/p/index.js', "import fs from 'node:fs';");
      put('src/dist/bundle.js', "import fs from 'node:fs';");
      put('server/data/x.js', "import fs from '../../src/x.ts';");
      put('tests/x.test.ts', "import fs from '../src/x.ts';");
      const { files, violations } = checkTree(root);
      expect(files).toBe(2);
      expect(violations.map((v) => `${v.file}:${v.line}`)).toEqual(['domain/b.ts:1']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
