/**
 * The checked-in generated files (schemas/, snippets/) as path → content, so the generator script
 * and the "in sync" test produce byte-identical text from one function.
 */
import { allOperationVersions } from './bodies';
import { bodyJsonSchema, bodySchemaFileName } from './jsonSchema';
import { requestFileJsonSchema } from './requestFile';
import { buildSnippets } from './snippets';
import { versionTable } from './versionTable';

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

export function generatedFiles(): Map<string, string> {
  const files = new Map<string, string>();
  files.set('schemas/payreq.schema.json', json(requestFileJsonSchema()));
  for (const { op, version } of allOperationVersions()) {
    const schema = bodyJsonSchema(op.id, version);
    if (schema) files.set(`schemas/${bodySchemaFileName(op.id, version)}`, json({ $schema: 'http://json-schema.org/draft-07/schema#', ...schema }));
  }
  files.set('snippets/payreq.code-snippets', json(buildSnippets()));
  files.set('docs/catalogue-versions.md', versionTable());
  return files;
}
