import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagramFiles } from './diagrams-content.ts';

const dir = join(import.meta.dirname, '..', 'diagrams');
mkdirSync(dir, { recursive: true });
const files = diagramFiles();
for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(join(dir, name));
for (const [name, content] of files) writeFileSync(join(dir, name), content);
console.log(`diagrams/: ${files.size - 1} statecharts written`);
